/** `pnpm --filter @chayong/server lender:add ...` / `config:set-service ...` / `backup ...` / `restore ...` */
import { runOperatorCommand } from "./operator/commands";

const result = await runOperatorCommand(process.argv.slice(2), process.env);
if (result.exitCode === 0) console.info(result.output);
else console.error(result.output);
process.exitCode = result.exitCode;
