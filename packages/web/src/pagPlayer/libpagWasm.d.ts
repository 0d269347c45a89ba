/** The alias of libpag's wasm file (vite.config.ts), imported with `?url`. */
declare module 'libpag-wasm?url' {
  const url: string
  export default url
}
