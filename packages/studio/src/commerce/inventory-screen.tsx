import { leaveTo } from '../unsaved-guard';
import { WaitingList } from './inventory-restock';
import { InventoryStock } from './inventory-stock';
import { productPaths } from './products-api';
import './products.css';

/**
 * /config/commerce/inventory → every variant's stock (edit, bulk set/add, restock offers);
 * /config/commerce/inventory/waiting → the restock groups (who waits for what).
 */
export function InventoryScreen({ rest }: { rest: string[] }) {
  const waiting = rest[0] === 'waiting';
  const tab = (to: string, label: string, active: boolean) => (
    <a
      href={to}
      className={`tab${active ? ' tab--active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={(e) => {
        e.preventDefault();
        leaveTo(to);
      }}
    >
      {label}
    </a>
  );
  return (
    <div className="inventory">
      <div className="inventory__head">
        <h1>Inventory</h1>
      </div>
      <nav className="inventory__tabs" aria-label="Inventory views">
        {tab(productPaths.inventory, 'Stock', !waiting)}
        {tab(productPaths.waiting, 'Waiting for restock', waiting)}
      </nav>
      {waiting ? <WaitingList /> : <InventoryStock />}
    </div>
  );
}
