import * as RadixDialog from "@radix-ui/react-dialog";
import type { ComponentProps, ReactNode } from "react";

/**
 * The app's modal: Radix Dialog (focus trap, Escape, aria-modal) with its portal and dimmed
 * overlay, so a screen brings only its panel's shape and contents. Title, description and close
 * come from here too, so no screen imports Radix itself.
 */
export function Dialog({
  open,
  onOpenChange,
  className,
  overlayClassName = "z-40",
  onCloseAutoFocus,
  children,
  ...rest
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The panel's place and look (where it sits, width, padding). */
  className: string;
  /** The overlay's stacking layer: a sheet stays under toasts (z-40), an install prompt covers them (z-50). */
  overlayClassName?: string;
  onCloseAutoFocus?: ComponentProps<
    typeof RadixDialog.Content
  >["onCloseAutoFocus"];
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={`fixed inset-0 bg-black/50 ${overlayClassName}`}
        />
        <RadixDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={className}
          {...rest}
        >
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogTitle = RadixDialog.Title;
export const DialogDescription = RadixDialog.Description;
export const DialogClose = RadixDialog.Close;
