/**
 * The drivers list's filters as they appear in the URL (/drivers/{filter}). Pure, so the
 * route, the model and the tests agree on one list; anything else in the URL is a 404.
 */
export const VEHICLE_KINDS = ["moto", "carro", "van", "frete"] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

export const VEHICLE_LABELS: Record<VehicleKind, string> = {
  moto: "Moto",
  carro: "Carro",
  van: "Van",
  frete: "Frete",
};

export const DRIVER_FILTERS = ["all", "disponiveis", ...VEHICLE_KINDS] as const;
export type DriverFilter = (typeof DRIVER_FILTERS)[number];

export const DRIVER_FILTER_LABELS: Record<DriverFilter, string> = {
  all: "Todos",
  disponiveis: "Disponíveis agora",
  ...VEHICLE_LABELS,
};

/** The vehicle as a driver's card and page say it: "Moto · Honda CG 160 vermelha" (or "… — …" in a sentence list). */
export function vehicleLine(kind: VehicleKind, description: string, separator: " · " | " — " = " · "): string {
  return description ? `${VEHICLE_LABELS[kind]}${separator}${description}` : VEHICLE_LABELS[kind];
}

/** Exact, case-sensitive match: /drivers/Moto is not a second address for /drivers/moto. */
export function parseDriverFilter(value: string | undefined): DriverFilter | null {
  return (DRIVER_FILTERS as readonly string[]).includes(value ?? "") ? (value as DriverFilter) : null;
}

/** The prefilled WhatsApp message: a moving job is a "frete", everything else a ride. */
export function driverWhatsAppMessage(name: string, kind: VehicleKind): string {
  const job = kind === "frete" ? "um frete" : "uma corrida";
  return `Olá, ${name}! Vi seu contato no Guida e gostaria de combinar ${job}.`;
}
