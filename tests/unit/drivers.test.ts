import { describe, expect, it } from "vitest";
import { DRIVER_FILTERS, DRIVER_FILTER_LABELS, driverWhatsAppMessage, parseDriverFilter } from "#core/drivers";

describe("parseDriverFilter", () => {
  it("accepts exactly the URL values of the filter links", () => {
    for (const filter of ["all", "disponiveis", "moto", "carro", "van", "frete"]) {
      expect(parseDriverFilter(filter)).toBe(filter);
    }
    expect(DRIVER_FILTERS).toHaveLength(6);
  });

  it("rejects anything else, so the route can answer 404", () => {
    for (const value of ["xyz", "", "Moto", "todos", "disponíveis", "moto ", "constructor", "__proto__", undefined]) {
      expect(parseDriverFilter(value)).toBeNull();
    }
  });
});

describe("labels and messages", () => {
  it("labels every filter in Portuguese", () => {
    expect(DRIVER_FILTERS.map((f) => DRIVER_FILTER_LABELS[f])).toEqual([
      "Todos",
      "Disponíveis agora",
      "Moto",
      "Carro",
      "Van",
      "Frete",
    ]);
  });

  it("asks for a frete from moving drivers and a ride from the others", () => {
    expect(driverWhatsAppMessage("Zé Carreto", "frete")).toBe("Olá, Zé Carreto! Vi seu contato no Guida e gostaria de combinar um frete.");
    expect(driverWhatsAppMessage("Dudu", "moto")).toBe("Olá, Dudu! Vi seu contato no Guida e gostaria de combinar uma corrida.");
  });
});
