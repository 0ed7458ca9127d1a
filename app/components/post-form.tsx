import { getInputProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { MAX_POLL_OPTION_LENGTH, MAX_POLL_OPTIONS, MAX_POLL_QUESTION_LENGTH, MIN_POLL_OPTIONS } from "#core/polls";
import { imageFieldLabel } from "#core/images";
import { MAX_POST_LENGTH } from "#core/post-form";
import { Button } from "~/components/ui/button";
import { controlClass, FieldError, fieldErrors, LabelledField, type TextField } from "./ui/form-field";
import { ImageField } from "./ui/image-field";
import { TextAreaField } from "./ui/textarea-field";

const inputClass = `${controlClass} read-only:bg-stone-100 dark:read-only:bg-stone-800`;

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? v : ""));
  return typeof value === "string" ? [value] : [];
}

/**
 * The post's fields: text, optional image, optional poll. Six option inputs named
 * `pollOptions` are always in the page, so the form works without JavaScript (empty ones
 * are ignored); once hydrated only the filled ones and the next empty one show, with a
 * button for more. A poll that already has votes is shown read-only: it is sent back
 * unchanged, which is the only poll the server accepts for it.
 */
export function PostFields({
  fields,
  imageErrors,
  currentImage,
  pollLocked = false,
}: {
  fields: { content: TextField; pollQuestion: TextField; pollOptions: TextField };
  imageErrors?: string[];
  currentImage?: string | null;
  pollLocked?: boolean;
}) {
  const initialOptions = asList(fields.pollOptions.initialValue);
  const filledCount = initialOptions.filter((o) => o.trim() !== "").length;
  const [hydrated, setHydrated] = useState(false);
  const [visible, setVisible] = useState(MAX_POLL_OPTIONS);
  useEffect(() => {
    setHydrated(true);
    const lastFilled = initialOptions.reduce((last, o, i) => (o.trim() !== "" ? i : last), -1);
    setVisible(Math.max(MIN_POLL_OPTIONS, lastFilled + 1));
    // Only at hydration: later the user decides how many show.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const slots = pollLocked ? Math.max(filledCount, 0) : MAX_POLL_OPTIONS;
  const optionErrors = fieldErrors(fields.pollOptions.errors);
  const optionsHintId = `${fields.pollOptions.id}-hint`;

  return (
    <>
      <TextAreaField field={fields.content} label="Texto do post" rows={5} maxLength={MAX_POST_LENGTH} hint="Até 5.000 caracteres." />
      <ImageField
        name="image"
        label={imageFieldLabel(currentImage ? "Trocar a imagem" : "Imagem", { optional: true })}
        errors={imageErrors}
        current={currentImage}
      />
      <fieldset className="space-y-3 rounded-xl border border-stone-200 p-3 dark:border-stone-700">
        <legend className="px-1 text-sm font-semibold">Enquete (opcional)</legend>
        {pollLocked ? (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            Esta enquete já recebeu votos, por isso a pergunta e as opções não podem mais mudar.
          </p>
        ) : (
          <p className="text-xs text-stone-500 dark:text-stone-400">
            Para criar uma enquete, escreva a pergunta e de 2 a 6 opções diferentes. Deixe em branco para um post sem enquete.
          </p>
        )}
        <LabelledField field={fields.pollQuestion} label="Pergunta">
          <input
            {...getInputProps(fields.pollQuestion, { type: "text" })}
            key={fields.pollQuestion.key}
            maxLength={MAX_POLL_QUESTION_LENGTH}
            readOnly={pollLocked}
            className={inputClass}
          />
        </LabelledField>
        <div className="space-y-2" role="group" aria-labelledby={optionsHintId}>
          <p id={optionsHintId} className="text-sm font-medium">
            Opções
          </p>
          {Array.from({ length: slots }, (_, i) => (
            <div key={`${fields.pollOptions.key ?? ""}-${i}`} className="flex items-center gap-2" hidden={hydrated && !pollLocked && i >= visible && !initialOptions[i]?.trim()}>
              <label htmlFor={`${fields.pollOptions.id}-${i}`} className="w-18 shrink-0 text-sm text-stone-600 dark:text-stone-300">
                Opção {i + 1}
              </label>
              <input
                id={`${fields.pollOptions.id}-${i}`}
                name="pollOptions"
                type="text"
                defaultValue={initialOptions[i] ?? ""}
                maxLength={MAX_POLL_OPTION_LENGTH}
                readOnly={pollLocked}
                aria-invalid={optionErrors ? true : undefined}
                aria-describedby={optionErrors ? fields.pollOptions.errorId : undefined}
                className={inputClass}
              />
            </div>
          ))}
          {hydrated && !pollLocked && visible < MAX_POLL_OPTIONS ? (
            <Button
              type="button"
              onClick={() => setVisible((n) => Math.min(MAX_POLL_OPTIONS, n + 1))}
              variant="secondary"
              size="sm"
            >
              + Adicionar opção
            </Button>
          ) : null}
          <FieldError id={fields.pollOptions.errorId} errors={fields.pollOptions.errors} />
        </div>
      </fieldset>
    </>
  );
}
