// Creates a PGlite data directory (initdb) in a short-lived process: initdb's WebAssembly
// memory (~600 MB) is then returned with the process instead of staying in the server's
// resident set for its whole life. Usage: node pglite-init.mjs <dataDir>
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) process.exit(2);
const client = new PGlite(dir);
await client.waitReady;
await client.close();
