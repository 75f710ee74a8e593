/**
 * The plans of one member area (free, one-off, recurring with a trial), edited inside the
 * area editor. Placeholder until the plans editor lands: it renders nothing.
 */
export function PlansEditor(_props: { areaId: string }): null {
  return null;
}
