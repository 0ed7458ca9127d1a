import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { initialsOf } from "#core/format";
import { imageSources } from "#core/images";

type PictureProps = {
  image: string | null | undefined;
  alt: string;
  /** The slot the image fills, for the browser to pick a width from the srcset. */
  sizes: string;
  className?: string;
  /** Above the fold: load at once; below: lazily. */
  priority?: boolean;
  /** The first listing image of a page (its largest paint): fetched ahead of everything else. */
  fetchPriority?: "high";
  /** Whose photo this is: its initials fill the slot when there is no photo. */
  placeholder?: string;
};

// The IndexedDB cache (and the idb wrapper, ~2 KiB gzip) is fetched by the first effect that
// needs it, after hydration, not with every page's first view.
const imageCache = () => import("~/client/image-cache");
const getCachedImage = (url: string) => imageCache().then((cache) => cache.getCachedImage(url));
const cacheImage = (url: string, shown: string) => imageCache().then((cache) => cache.cacheImage(url, shown));

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
export function Picture({ image, alt, sizes, className, priority = false, fetchPriority, placeholder }: PictureProps) {
  const saveData = useRouteLoaderData<{ saveData?: boolean }>("root")?.saveData ?? false;
  const sources = image ? imageSources(image, { saveData, slotWidth: fixedSlotWidth(sizes) }) : null;
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

  if (!sources) return <PhotoPlaceholder name={placeholder} className={className} />;
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
      srcSet={sources.srcSet ?? undefined}
      sizes={sources.srcSet ? sizes : undefined}
      loading={priority || fetchPriority ? "eager" : "lazy"}
      fetchPriority={fetchPriority}
      onLoad={(event) => void cacheImage(key!, event.currentTarget.currentSrc)}
    />
  );
}

/** A slot given as a fixed width ("56px") in CSS pixels; a fluid one ("100vw", media queries) has none. */
function fixedSlotWidth(sizes: string): number | undefined {
  const match = /^(\d+)px$/.exec(sizes.trim());
  return match ? Number(match[1]) : undefined;
}

/**
 * A missing photo is a designed tile, not a grey box: the initials of whose photo it is, or a
 * picture icon, sized to the slot (container units), in the brand's colours in both themes.
 */
function PhotoPlaceholder({ name, className }: { name: string | undefined; className: string | undefined }) {
  const initials = name ? initialsOf(name) : "";
  return (
    <div
      aria-hidden="true"
      data-placeholder={initials || "icon"}
      className={`flex items-center justify-center overflow-hidden bg-gradient-to-br from-brand-100 to-amber-100 font-bold text-brand-700 [container-type:size] dark:from-brand-900 dark:to-stone-800 dark:text-brand-100 ${className ?? ""}`}
    >
      {initials ? (
        <span className="text-[38cqmin] leading-none">{initials}</span>
      ) : (
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" className="size-[45cqmin] opacity-70">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="1.75" />
          <path d="m21 16-5-5-8 8" />
        </svg>
      )}
    </div>
  );
}
