import { NavLink, useLocation } from "react-router";
import { KindIcon } from "./ui/kind-icon";
import { useCurrentUser } from "./user-context";
import { useUnreadCount } from "./live";

type NavItem = { to: string; label: string; icon: React.ReactNode; end?: boolean; badge?: number };

const iconProps = {
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
};

const HomeIcon = (
  <svg {...iconProps}>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V21h14V9.5" />
  </svg>
);

const PersonIcon = (
  <svg {...iconProps}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </svg>
);

const ITEMS: NavItem[] = [
  { to: "/", label: "Início", icon: HomeIcon, end: true },
  { to: "/businesses", label: "Negócios", icon: <KindIcon kind="business" /> },
  { to: "/sell-items", label: "Vendas", icon: <KindIcon kind="sell_item" /> },
  { to: "/posts", label: "Posts", icon: <KindIcon kind="post" /> },
];

/** Thumb-sized bottom navigation; NavLink marks the current page with aria-current="page". */
export function BottomNav({ unreadNotifications: fromPage = 0 }: { unreadNotifications?: number }) {
  const user = useCurrentUser();
  // The page's count, or the live stream's once a notification arrives after it loaded.
  const unreadNotifications = useUnreadCount(fromPage);
  const location = useLocation();
  const items: NavItem[] = [
    ...ITEMS,
    user
      ? { to: "/profile", label: "Perfil", icon: PersonIcon, badge: unreadNotifications }
      : { to: signInHref(location.pathname + location.search), label: "Entrar", icon: PersonIcon },
  ];
  return (
    <nav
      aria-label="Navegação principal"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-stone-800 dark:bg-stone-900/95"
    >
      <ul className="mx-auto flex max-w-3xl justify-around">
        {items.map((item) => (
          <li key={item.to} className="flex-1">
            <NavLink
              to={item.to}
              end={item.end}
              prefetch="intent"
              className={({ isActive }) =>
                `flex min-h-14 flex-col items-center justify-center gap-0.5 px-2 py-2 text-xs font-medium ${
                  isActive ? "text-brand-600 dark:text-brand-100" : "text-stone-600 dark:text-stone-300"
                }`
              }
            >
              <span className="relative">
                {item.icon}
                {item.badge ? (
                  <span
                    data-testid="unread-badge"
                    className="absolute -right-2.5 -top-1.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-[11px] font-bold leading-5 text-white"
                  >
                    {item.badge > 99 ? "99+" : item.badge}
                  </span>
                ) : null}
              </span>
              <span>
                {item.label}
                {item.badge ? <span className="sr-only">, {item.badge} notificações não lidas</span> : null}
              </span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * "Entrar" names the page it was tapped on, so signing in comes back to it with JavaScript
 * off too (with it, the tab's last path does the same).
 */
function signInHref(here: string): string {
  if (here === "/" || here.startsWith("/login") || here.startsWith("/logout") || here.startsWith("/auth/")) return "/login";
  return `/login?redirectTo=${encodeURIComponent(here)}`;
}
