import { useRouteLoaderData } from "react-router";
import { imageSources } from "~/lib/images";

type PictureProps = {
  image: string | null | undefined;
  alt: string;
  /** The slot the image fills, for the browser to pick a width from the srcset. */
  sizes: string;
  className?: string;
  /** Above the fold: load at once; below: lazily. */
  priority?: boolean;
};

/**
 * Every stored image goes through here: srcset in the stored widths and explicit width
 * and height, so nothing shifts while it loads. A missing image renders a quiet box of
 * the same shape.
 */
export function Picture({ image, alt, sizes, className, priority = false }: PictureProps) {
  const saveData = useRouteLoaderData<{ saveData?: boolean }>("root")?.saveData ?? false;
  const sources = image ? imageSources(image, { saveData }) : null;
  if (!sources) {
    return <div aria-hidden="true" className={`bg-stone-200 dark:bg-stone-800 ${className ?? ""}`} />;
  }
  return (
    <img
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sizes}
      width={sources.width}
      height={sources.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      className={`bg-stone-200 object-cover dark:bg-stone-800 ${className ?? ""}`}
    />
  );
}
