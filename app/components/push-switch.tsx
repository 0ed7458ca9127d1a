import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";

/**
 * The Web Push switch of /notifications (issue #31). Rendered by the server as what it does and
 * that it needs JavaScript; once hydrated, it finds whether this device can and does receive
 * pushes, and asks the browser's permission only when the resident taps "Ativar". The code that
 * talks to the push service (~/client/push) loads only here and at sign-out.
 */

export const PUSH_KIND_LABELS = [
  ["comment", "Respostas e comentários"],
  ["vote", "Votos na minha enquete"],
  ["moderation", "Decisões da moderação"],
  ["favorite", "Meus favoritos"],
] as const;

type Phase =
  | "server"
  | "unsupported"
  | "ios-needs-install"
  | "off"
  | "on"
  | "working"
  | "denied"
  | "failed";

const NOTES: Partial<Record<Phase, string>> = {
  unsupported: "Este navegador não recebe notificações com o Guida fechado.",
  "ios-needs-install": "No iPhone e no iPad, as notificações só chegam com o Guida instalado na tela de início: toque em Compartilhar e depois em “Adicionar à Tela de Início”.",
  denied: "As notificações estão bloqueadas para o Guida neste navegador. Libere nas configurações do site e tente de novo.",
  failed: "Não foi possível ativar agora. Verifique a conexão e tente de novo.",
};

export function PushSwitch({ publicKey, devices }: { publicKey: string | null; devices: Record<string, string[]> }) {
  const [phase, setPhase] = useState<Phase>("server");
  const [kinds, setKinds] = useState<string[]>(PUSH_KIND_LABELS.map(([kind]) => kind));
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    let live = true;
    void import("~/client/push").then(async ({ pushSupport, currentSubscription }) => {
      const support = pushSupport();
      if (support !== "supported" || !publicKey) return live && setPhase(support === "supported" ? "unsupported" : support);
      const subscription = await currentSubscription();
      if (!live) return;
      const known = subscription ? devices[subscription.endpoint] : undefined;
      if (known) setKinds(known);
      setPhase(known ? "on" : Notification.permission === "denied" ? "denied" : "off");
    });
    return () => {
      live = false;
    };
  }, [publicKey, devices]);

  async function turnOn() {
    setPhase("working");
    const push = await import("~/client/push");
    setPhase(await push.turnOn(publicKey ?? "", kinds).catch(() => "failed" as const));
  }
  async function turnOff() {
    setPhase("working");
    const push = await import("~/client/push");
    setPhase((await push.turnOff().catch(() => false)) ? "off" : "failed");
  }
  async function choose(kind: string, checked: boolean) {
    const next = checked ? [...kinds, kind] : kinds.filter((k) => k !== kind);
    setKinds(next);
    setSaved(false);
    if (phase !== "on") return;
    const push = await import("~/client/push");
    setSaved(await push.saveKinds(next));
  }

  const ready = phase === "off" || phase === "on" || phase === "denied" || phase === "failed";
  return (
    <section aria-labelledby="push-title" className="space-y-3 rounded-xl bg-white p-4 shadow-sm dark:bg-stone-900">
      <h2 id="push-title" className="font-semibold">
        Notificações no celular
      </h2>
      <p className="text-sm text-stone-700 dark:text-stone-200">
        Receba um aviso mesmo com o Guida fechado; tocar nele abre o item. O navegador pede sua permissão quando você ativa.
      </p>
      {phase === "server" ? (
        <p className="text-sm text-stone-700 dark:text-stone-200" data-push-needs-js>
          Para ativar, é preciso JavaScript: é ele que pede a permissão ao navegador e recebe os avisos.
        </p>
      ) : null}
      <fieldset className="space-y-1" disabled={!ready}>
        <legend className="text-sm font-medium">Avisar sobre</legend>
        {PUSH_KIND_LABELS.map(([kind, label]) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="kinds" value={kind} checked={kinds.includes(kind)} onChange={(event) => void choose(kind, event.currentTarget.checked)} />
            {label}
          </label>
        ))}
      </fieldset>
      {phase === "on" ? (
        <p role="status" className="text-sm text-green-800 dark:text-green-200">
          Notificações ativadas neste aparelho.{saved ? " Escolhas salvas." : ""}
        </p>
      ) : null}
      {NOTES[phase] ? (
        <p role={phase === "failed" || phase === "denied" ? "alert" : undefined} className="text-sm text-stone-700 dark:text-stone-200">
          {NOTES[phase]}
        </p>
      ) : null}
      {phase === "on" ? (
        <Button type="button" variant="secondary" size="sm" onClick={() => void turnOff()}>
          Desativar neste aparelho
        </Button>
      ) : (
        <Button type="button" variant="primary" size="sm" disabled={!ready || kinds.length === 0} onClick={() => void turnOn()}>
          Ativar notificações
        </Button>
      )}
    </section>
  );
}
