import { CAPABILITIES, CONTRIBUTOR_ROLES, ROLE_CODES, ROLE_GRANTS } from '../../src/plugins/permissions';

/** The role × capability table of docs/permissions.md, as the code has it (W write, R read, – none). */
export function permissionMatrix(): string {
  const caps = Object.keys(CAPABILITIES) as (keyof typeof CAPABILITIES)[];
  const head = `| role (code) | ${caps.join(' | ')} |`;
  const rule = `|---|${caps.map(() => ':-:').join('|')}|`;
  const rows = ROLE_CODES.map((code) => {
    const letter = { write: 'W', read: 'R' } as const;
    const cells = caps.map((c) => {
      const access = ROLE_GRANTS[code][c];
      return access ? letter[access] : '–';
    });
    return `| ${CONTRIBUTOR_ROLES[code]} (${code}) | ${cells.join(' | ')} |`;
  });
  return [head, rule, `| Owner | ${caps.map(() => 'W').join(' | ')} |`, ...rows].join('\n');
}
