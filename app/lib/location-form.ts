import { z } from "zod";
import { isInTown, neighbourhoodCentre, NEIGHBOURHOODS, roundPosition, type Position } from "#core/town-map";
import "#core/zod-messages";

/**
 * Where a listing is (issue #33), in the owner's edit and the proposal forms: typed coordinates
 * (a comma or a point as the decimal sign, as a Brazilian keyboard writes them) or a
 * neighbourhood, whose centre becomes the pin. Checked here with Portuguese messages; the
 * database's CHECK keeps the range and "both or neither" against any other writer.
 */
function coordinate(name: "latitude" | "longitude", limit: number) {
  const example = name === "latitude" ? "-21,9300" : "-45,5950";
  return z
    .string()
    .trim()
    .max(30, `Escreva a ${name} em graus, como ${example}.`)
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      const value = /^-?\d{1,3}([.,]\d{1,10})?$/.test(raw) ? Number(raw.replace(",", ".")) : Number.NaN;
      if (Number.isNaN(value)) {
        ctx.addIssue({ code: "custom", message: `Escreva a ${name} em graus, como ${example}.` });
        return z.NEVER;
      }
      if (Math.abs(value) > limit) {
        ctx.addIssue({ code: "custom", message: `A ${name} vai de -${limit} a ${limit}.` });
        return z.NEVER;
      }
      return value;
    });
}

export const locationFields = {
  latitude: coordinate("latitude", 90),
  longitude: coordinate("longitude", 180),
  /** A neighbourhood whose centre becomes the pin (the way to place it without numbers). */
  lugar: z.enum(NEIGHBOURHOODS as [string, ...string[]], { error: "Escolha um bairro da lista." }).optional(),
};

type LocationValues = { latitude?: number; longitude?: number; lugar?: string };

/** Both numbers or neither, and a pin inside the town's box; for a schema's superRefine. */
export function checkLocation(v: LocationValues, ctx: z.RefinementCtx) {
  if (v.lugar) return;
  if ((v.latitude === undefined) !== (v.longitude === undefined)) {
    const missing = v.latitude === undefined ? "latitude" : "longitude";
    ctx.addIssue({ code: "custom", path: [missing], message: "Preencha a latitude e a longitude, ou deixe as duas em branco." });
    return;
  }
  if (v.latitude !== undefined && v.longitude !== undefined && !isInTown({ latitude: v.latitude, longitude: v.longitude })) {
    ctx.addIssue({ code: "custom", path: ["latitude"], message: "Esse ponto fica fora de Vila Serena. Confira os números ou escolha o bairro." });
  }
}

/** The pin a valid form asks for: the chosen neighbourhood's centre, the typed point, or none. */
export function positionOf(v: LocationValues): Position | null {
  if (v.lugar) return neighbourhoodCentre(v.lugar);
  if (v.latitude === undefined || v.longitude === undefined) return null;
  return roundPosition({ latitude: v.latitude, longitude: v.longitude }, 6);
}

/** How a stored coordinate is shown back in the form: a comma as the decimal sign. */
export function coordinateText(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : String(value).replace(".", ",");
}
