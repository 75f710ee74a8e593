import { useApiQuery } from '../data/api-query';

/**
 * The scheduling block's "Appointment types offered": a check box per type; none checked
 * offers every bookable type (and the types made later).
 */
export function AppointmentTypesField(props: {
  id: string;
  label: string;
  value: unknown;
  onChange(ids: string[]): void;
}) {
  const types = useApiQuery('GET /api/studio/scheduling/types', {});
  const chosen = Array.isArray(props.value)
    ? props.value.filter((v): v is string => typeof v === 'string')
    : [];
  return (
    <fieldset className="field appointment-types-field" id={props.id}>
      <legend>{props.label}</legend>
      {types.errorText && <p className="muted">{types.errorText}</p>}
      {types.data?.types.length === 0 && (
        <p className="muted">No appointment types yet: add them under Scheduling → Appointment types.</p>
      )}
      {types.data?.types.map((t) => (
        <label key={t.id} className="check">
          <input
            type="checkbox"
            checked={chosen.includes(t.id)}
            onChange={(e) =>
              props.onChange(e.target.checked ? [...chosen, t.id] : chosen.filter((x) => x !== t.id))
            }
          />
          {t.name}
          {!t.active && ' (off)'}
        </label>
      ))}
      <p className="muted">{chosen.length === 0 ? 'None chosen: every bookable type is offered.' : ''}</p>
    </fieldset>
  );
}
