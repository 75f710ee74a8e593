import { useApiQuery } from '../data/api-query';

/** The member-area and pricing-plan blocks' "Member area": which area the block offers. */
export function MemberAreaField(props: {
  id: string;
  label: string;
  value: unknown;
  onChange(id: string): void;
}) {
  const areas = useApiQuery('GET /api/studio/members/areas', {});
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">Choose an area…</option>
        {areas.data?.areas.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
      {areas.errorText && <p className="muted">{areas.errorText}</p>}
      {areas.data?.areas.length === 0 && (
        <p className="muted">No member areas yet: add one under Member areas.</p>
      )}
    </div>
  );
}
