import { useNavigation } from "react-router";

/** Full-screen spinner while a navigation loads; its text is for screen readers only. */
export function PageSpinner() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="page-spinner"
      className="fixed inset-0 z-50 flex items-center justify-center bg-stone-50/70 dark:bg-stone-950/70"
    >
      <div className="size-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden="true" />
      <span className="sr-only">Carregando...</span>
    </div>
  );
}
