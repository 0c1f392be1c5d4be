import { parseArgs } from "node:util";
import type { Jurisdiction } from "@chayong/domain";
import {
  describeConfigProblems,
  type Environment,
  loadConfig,
  type ServerConfig,
} from "../config/config";
import { type Database, openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { addLender } from "../lenders/lenders";
import { type CustomerServiceContact, setCustomerService } from "../service-config/service-config";

export interface CommandResult {
  exitCode: number;
  output: string;
}

export const operatorUsage = `Operator commands (run with the server's environment: DATABASE_URL or CHAYONG_DATA_DIR):
  lender:add --phone 01012345678 --name "Kim" [--merchant "Kim Loans"] [--licence "2026-Seoul-0001"] [--jurisdiction KR|TW]
      Make the account of that phone a lender (creating it if needed) and set its profile.
      Running it again for the same phone updates the profile.
  config:set-service [--line-img URL] [--line ID] [--line-url URL]
      Set the customer-service contact the app shows (configKey 'line'); fields not given are kept.`;

/** Runs one operator command against the configured database; never throws for bad input. */
export async function runOperatorCommand(
  argv: readonly string[],
  env: Environment,
  now: () => Date = () => new Date(),
): Promise<CommandResult> {
  const [command, ...rest] = argv;
  if (command !== "lender:add" && command !== "config:set-service") {
    return { exitCode: 2, output: operatorUsage };
  }
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args: [...rest],
      options:
        command === "lender:add"
          ? {
              phone: { type: "string" },
              name: { type: "string" },
              merchant: { type: "string" },
              licence: { type: "string" },
              jurisdiction: { type: "string" },
            }
          : {
              "line-img": { type: "string" },
              line: { type: "string" },
              "line-url": { type: "string" },
            },
      strict: true,
      allowPositionals: false,
    }).values as Record<string, string | undefined>;
  } catch (error) {
    return { exitCode: 2, output: `${(error as Error).message}\n\n${operatorUsage}` };
  }

  const loaded = loadConfig(env);
  if (!loaded.ok)
    return {
      exitCode: 1,
      output: `invalid configuration:\n${describeConfigProblems(loaded.problems)}`,
    };
  const config = loaded.config;

  if (command === "lender:add") {
    const { phone, name, merchant, licence, jurisdiction } = values;
    if (!phone || !name)
      return { exitCode: 2, output: `lender:add needs --phone and --name\n\n${operatorUsage}` };
    if (jurisdiction !== undefined && jurisdiction !== "KR" && jurisdiction !== "TW") {
      return { exitCode: 2, output: "--jurisdiction must be KR or TW" };
    }
    return withDatabase(config, async (database) => {
      const added = await addLender(
        database.db,
        {
          phone,
          name,
          merchantName: merchant,
          licenceNumber: licence,
          jurisdiction: jurisdiction as Jurisdiction | undefined,
        },
        now(),
      );
      if (!added.ok) return { exitCode: 1, output: added.problem };
      return {
        exitCode: 0,
        output: `${added.created ? "Added" : "Updated"} lender ${added.phone} (${name}). They log in with this phone and an SMS code.`,
      };
    });
  }

  const changes: Partial<CustomerServiceContact> = {};
  if (values["line-img"] !== undefined) changes.line_img = values["line-img"];
  if (values.line !== undefined) changes.line = values.line;
  if (values["line-url"] !== undefined) changes.line_url = values["line-url"];
  if (Object.keys(changes).length === 0) {
    return {
      exitCode: 2,
      output: `config:set-service needs at least one of --line-img, --line, --line-url\n\n${operatorUsage}`,
    };
  }
  return withDatabase(config, async (database) => {
    const contact = await setCustomerService(database.db, changes, now());
    return { exitCode: 0, output: `Customer-service contact set: ${JSON.stringify(contact)}` };
  });
}

async function withDatabase(
  config: ServerConfig,
  work: (database: Database) => Promise<CommandResult>,
): Promise<CommandResult> {
  const opened = await openDatabase(config.database, config.databaseSchema);
  if (!opened.ok) {
    return {
      exitCode: 1,
      output: `the data folder is in use by the running server (process ${opened.holderPid}); stop it, run the command, start it again`,
    };
  }
  try {
    await migrate(opened.database);
    return await work(opened.database);
  } finally {
    await opened.database.close();
  }
}
