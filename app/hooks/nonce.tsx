import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response's inline scripts. Set on the server (entry.server.tsx);
 * in the browser it is empty — scripts have already run, and browsers hide the attribute.
 */
const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
