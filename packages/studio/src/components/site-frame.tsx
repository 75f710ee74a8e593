import { type DeviceView, deviceViews } from '../screen-size';

/**
 * The live site in a same-origin frame, at the chosen device width (phone ≤ 432 px, spec
 * §2). `version` reloads it after a publish or a navigation/header/footer change.
 */
export function SiteFrame({ path, device, version }: { path: string; device: DeviceView; version: number }) {
  const width = deviceViews.find((d) => d.id === device)?.width;
  return (
    <section className="stage" aria-label="Site preview">
      <iframe
        key={`${path}#${version}`}
        className="stage__frame"
        title="Your site"
        src={path}
        style={{ width: width ? `${width}px` : '100%' }}
        data-device={device}
      />
    </section>
  );
}
