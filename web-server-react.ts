/**
 * Imported first by web-server.ts: React's production build, whatever NODE_ENV says.
 *
 * React loads its development build unless NODE_ENV is "production" when it is first required.
 * web-server.ts always serves the production build in production mode (createRequestHandler
 * "production"); NODE_ENV=test (the browser tests, the benchmark) or unset (`npm start`) only
 * chooses the demo data and the ops routes. React's development build re-checks every element
 * and props object: about 40 % of the CPU of rendering the login page. So React's modules are
 * required here with NODE_ENV set to "production" for that moment only; the server bundle's own
 * imports of them then get these (Node's module cache), and every other reader of NODE_ENV
 * still sees its real value.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const configured = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
try {
  for (const id of ["react", "react/jsx-runtime", "react-dom", "react-dom/server"]) require(id);
} finally {
  if (configured === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = configured;
}
