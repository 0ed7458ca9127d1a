/**
 * One storage interface for uploaded and generated files. Local disk under DATA_DIR by
 * default; a Supabase Storage adapter plugs in behind the same three calls.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  remove(keys: string[]): Promise<void>;
}
