import { openDataDirDatabase, userAdminFor } from '../start.js';
import { dataDirOf, existingDataDir, parse, UsageError, type CliIo } from './args.js';

async function readPassword(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  // One trailing newline is what `echo` and a terminal add; anything else is part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function withAdmin(dataDir: string, work: (admin: ReturnType<typeof userAdminFor>) => void | Promise<void>): Promise<number> {
  const db = openDataDirDatabase(existingDataDir(dataDir));
  try {
    await work(userAdminFor(db));
    return 0;
  } finally {
    db.close();
  }
}

/** `tillbase users add|list|passwd|remove`. */
export async function usersCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'add': {
      const { values } = parse(
        'users add',
        rest,
        {
          username: { type: 'string' },
          role: { type: 'string' },
          email: { type: 'string' },
          'display-name': { type: 'string' },
          'password-stdin': { type: 'boolean' },
        },
        0,
      );
      if (values.username === undefined || values.role === undefined) throw new UsageError('users add needs --username and --role', 'users add');
      if (!values['password-stdin']) throw new UsageError('users add reads the password from standard input: pass --password-stdin', 'users add');
      const dataDir = existingDataDir(dataDirOf(values, io.env));
      const password = await readPassword(io.stdin);
      return withAdmin(dataDir, async (admin) => {
        const user = await admin.addUser({
          username: values.username ?? '',
          role: values.role ?? '',
          email: values.email,
          displayName: values['display-name'],
          password,
        });
        io.stdout.write(`created user ${user.username} (id ${user.id}) with role ${values.role ?? ''}\n`);
      });
    }
    case 'list': {
      const { values } = parse('users list', rest, { json: { type: 'boolean' } }, 0);
      return withAdmin(dataDirOf(values, io.env), (admin) => {
        const list = admin.listUsers();
        if (values.json) io.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
        else
          for (const user of list)
            io.stdout.write(`${String(user.id).padStart(4)}  ${user.username.padEnd(20)} ${user.roles.join(',').padEnd(16)} ${user.email}\n`);
      });
    }
    case 'passwd': {
      const { values, positionals } = parse('users passwd', rest, { 'password-stdin': { type: 'boolean' } }, 1);
      if (!values['password-stdin']) throw new UsageError('users passwd reads the new password from standard input: pass --password-stdin', 'users passwd');
      const dataDir = existingDataDir(dataDirOf(values, io.env));
      const password = await readPassword(io.stdin);
      return withAdmin(dataDir, async (admin) => {
        await admin.changePassword(positionals[0] ?? '', password);
        io.stdout.write(`password changed for ${positionals[0] ?? ''}; their sessions were ended\n`);
      });
    }
    case 'remove': {
      const { values, positionals } = parse('users remove', rest, {}, 1);
      return withAdmin(dataDirOf(values, io.env), (admin) => {
        admin.removeUser(positionals[0] ?? '');
        io.stdout.write(`removed user ${positionals[0] ?? ''}\n`);
      });
    }
    default:
      throw new UsageError(
        action === undefined ? 'users needs a command (add, list, passwd, remove)' : `unknown users command "${action}" (add, list, passwd, remove)`,
        'users',
      );
  }
}

/** `tillbase roles list|grant|revoke`. */
export async function rolesCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      const { values } = parse('roles list', rest, {}, 0);
      return withAdmin(dataDirOf(values, io.env), (admin) => {
        for (const role of admin.listRoles()) io.stdout.write(`${role.name}: ${role.capabilities.join(' ')}\n`);
      });
    }
    case 'grant':
    case 'revoke': {
      const { values, positionals } = parse(`roles ${action}`, rest, {}, 2);
      const [role = '', capability = ''] = positionals;
      return withAdmin(dataDirOf(values, io.env), (admin) => {
        const changed = action === 'grant' ? admin.grant(role, capability) : admin.revoke(role, capability);
        const verb = action === 'grant' ? 'granted to' : 'revoked from';
        io.stdout.write(changed ? `${capability} ${verb} ${role}\n` : `${role} ${action === 'grant' ? 'already has' : 'did not have'} ${capability}\n`);
      });
    }
    default:
      throw new UsageError(
        action === undefined ? 'roles needs a command (list, grant, revoke)' : `unknown roles command "${action}" (list, grant, revoke)`,
        'roles',
      );
  }
}
