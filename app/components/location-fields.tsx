import { getSelectProps } from "@conform-to/react";
import { controlClass, FormField, LabelledField, type TextField } from "~/components/ui/form-field";
import { NEIGHBOURHOODS } from "#core/town-map";

/**
 * Where the listing is on the map (issue #33): typed coordinates, or a neighbourhood whose
 * centre becomes the pin. Plain fields, so placing a listing works with JavaScript off.
 */
export function LocationFields({ latitude, longitude, lugar, what }: { latitude: TextField; longitude: TextField; lugar: TextField; what: string }) {
  return (
    <fieldset className="space-y-2 border-t border-stone-200 pt-3 dark:border-stone-800">
      <legend className="font-semibold">Lugar no mapa (opcional)</legend>
      <p className="text-sm text-stone-600 dark:text-stone-300">
        Com o lugar marcado, {what} aparece em “Perto de mim”. Copie a latitude e a longitude de um aplicativo de mapas, ou escolha o bairro.
      </p>
      <div className="grid grid-cols-2 gap-3">
        <FormField field={latitude} label="Latitude" inputMode="decimal" placeholder="-21,9300" />
        <FormField field={longitude} label="Longitude" inputMode="decimal" placeholder="-45,5950" />
      </div>
      <LabelledField field={lugar} label="Ou use o centro do bairro">
        <select {...getSelectProps(lugar)} key={lugar.key} className={controlClass}>
          <option value="">Usar a latitude e a longitude acima</option>
          {NEIGHBOURHOODS.map((n) => (
            <option key={n} value={n}>{n}</option>
          ))}
        </select>
      </LabelledField>
    </fieldset>
  );
}
