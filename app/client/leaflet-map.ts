import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./leaflet-map.css";

/**
 * /mapa's Leaflet map (issue #33), imported by the page once it is hydrated: Leaflet reads
 * `window` as it loads, so it cannot run on the server, and no other page downloads it.
 * Markers are Leaflet's keyboard-reachable marker elements (a tab stop, Enter opens the card)
 * drawn as a coloured dot: open, closed, or no hours (services).
 */

export type MapMarker = { key: string; name: string; latitude: number; longitude: number; state: "open" | "closed" | "none" };
export type MapTiles = { url: string; attribution: string; minZoom: number; maxZoom: number };
export type MountedMap = { show(markers: MapMarker[]): void; remove(): void };

const escapeHtml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function mountMap(
  element: HTMLElement,
  options: { centre: [number, number]; tiles: MapTiles; onSelect: (key: string) => void },
): MountedMap {
  const map = L.map(element, { center: options.centre, zoom: 14, minZoom: options.tiles.minZoom, maxZoom: options.tiles.maxZoom });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  L.tileLayer(options.tiles.url, { attribution: escapeHtml(options.tiles.attribution), maxZoom: options.tiles.maxZoom, minZoom: options.tiles.minZoom }).addTo(map);
  const layer = L.layerGroup().addTo(map);
  return {
    show(markers) {
      layer.clearLayers();
      for (const m of markers) {
        const icon = L.divIcon({ className: `map-pin map-pin-${m.state}`, iconSize: [22, 22] });
        L.marker([m.latitude, m.longitude], { icon, title: m.name, alt: m.name, riseOnHover: true })
          .on("click", () => options.onSelect(m.key))
          .addTo(layer);
      }
    },
    remove() {
      map.remove();
    },
  };
}
