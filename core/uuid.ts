const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every row id is a uuid: anything else is answered as "not found" before any SQL. */
export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}
