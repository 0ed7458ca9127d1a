import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { cacheImage, getCachedImage } from "~/client/image-cache";
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

// Images mounted after hydration (client navigations) wait for the image-cache lookup
// before asking the network; those in the server's HTML are already loading by then.
let hydrated = false;
export function markHydrated() {
  hydrated = true;
}

/**
 * Every stored image goes through here: srcset in the stored widths and explicit width
 * and height, so nothing shifts while it loads. After hydration it is kept in the
 * IndexedDB image cache (keyed by its reference, holding the width the browser chose) and
 * served from there next time; without IndexedDB it stays a plain <img>.
 */
export function Picture({ image, alt, sizes, className, priority = false }: PictureProps) {
  const saveData = useRouteLoaderData<{ saveData?: boolean }>("root")?.saveData ?? false;
  const sources = image ? imageSources(image, { saveData }) : null;
  const key = sources?.src ?? null;
  const [cached, setCached] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(() => hydrated && key !== null);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    if (!key) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    void getCachedImage(key).then((blob) => {
      if (cancelled) return;
      if (blob) {
        objectUrl = URL.createObjectURL(blob);
        setCached(objectUrl);
      } else if (ref.current?.complete && ref.current.naturalWidth > 0) {
        void cacheImage(key, ref.current.currentSrc);
      }
      setWaiting(false);
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [key]);

  if (!sources) {
    return <div aria-hidden="true" className={`bg-stone-200 dark:bg-stone-800 ${className ?? ""}`} />;
  }
  const common = {
    ref,
    width: sources.width,
    height: sources.height,
    alt,
    decoding: "async" as const,
    className: `bg-stone-200 object-cover dark:bg-stone-800 ${className ?? ""}`,
  };
  if (cached) return <img {...common} src={cached} data-source="image-cache" />;
  if (waiting) return <img {...common} loading="lazy" />;
  return (
    <img
      {...common}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sizes}
      loading={priority ? "eager" : "lazy"}
      onLoad={(event) => void cacheImage(key!, event.currentTarget.currentSrc)}
    />
  );
}
