/** How to install on each platform: used by the install dialog and by /instalar. */

/** Safari's Share icon (a square with an arrow up), so the step can be matched to the screen. */
export function ShareIcon({ className = "inline size-5 align-text-bottom" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className}>
      <path d="M12 3v12" />
      <path d="m8 7 4-4 4 4" />
      <path d="M6 11H5a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0-1-1h-1" />
    </svg>
  );
}

export function IOSInstallSteps({ isSafari = true }: { isSafari?: boolean }) {
  return (
    <>
      {isSafari ? null : (
        <p role="note" className="mt-3 rounded-xl bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          No iPhone e no iPad, a instalação é feita pelo <strong>Safari</strong>. Abra esta página no Safari para continuar.
        </p>
      )}
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
        <li>
          No Safari, toque no botão <strong>Compartilhar</strong> <ShareIcon /> na barra do navegador.
        </li>
        <li>
          Role a lista e toque em <strong>Adicionar à Tela de Início</strong>.
        </li>
        <li>
          Toque em <strong>Adicionar</strong>, no canto superior direito.
        </li>
      </ol>
    </>
  );
}

export function AndroidInstallSteps() {
  return (
    <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
      <li>
        Abra o Guida no <strong>Chrome</strong>.
      </li>
      <li>
        Toque no menu <strong>⋮</strong> (três pontinhos), no canto superior direito.
      </li>
      <li>
        Toque em <strong>Instalar app</strong> (em alguns aparelhos, <strong>Adicionar à tela inicial</strong>).
      </li>
      <li>
        Confirme em <strong>Instalar</strong>. O ícone do Guida aparece na tela inicial.
      </li>
    </ol>
  );
}
