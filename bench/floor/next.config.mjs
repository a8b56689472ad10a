// The floor app's build (bench/floor.ts): nothing but Next.js's defaults.
const config = {};
export default config;
