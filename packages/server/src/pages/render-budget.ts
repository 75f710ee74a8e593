import {
  type RenderBudget,
  type RenderOptions,
  type Template,
  type TemplateError,
  budgetError,
} from '@store/template';
import { escapeHtml } from '@store/template/values';

/**
 * A page renders in a few milliseconds; the server renders on its only event loop, so a
 * template or data that runs longer (or builds huge strings) is stopped, not waited for.
 */
export const PAGE_RENDER_BUDGET: RenderBudget = {
  maxRenderMs: 250,
  maxOutputLength: 20_000_000,
  maxValueLength: 5_000_000,
};

/** A render stopped by its budget; `render-page` answers `budgetErrorPage` for it. */
export class RenderBudgetExceeded extends Error {
  constructor(readonly templateError: TemplateError) {
    super(templateError.message);
    this.name = 'RenderBudgetExceeded';
  }
}

/** The page budget with the time left until `deadline`; RenderBudgetExceeded when none is. */
export function budgetUntil(deadline: number, budget: RenderBudget = PAGE_RENDER_BUDGET): RenderBudget {
  const left = deadline - Date.now();
  if (left <= 0)
    throw new RenderBudgetExceeded({
      type: 'engine',
      code: 'TIME_LIMIT',
      message: `RuntimeError: Render exceeds its time budget of ${budget.maxRenderMs} ms`,
      line: 0,
      column: 0,
      frame: '',
    });
  return { ...budget, maxRenderMs: left };
}

/** Run one render with the page budget; throws RenderBudgetExceeded instead of returning a cut page. */
function withBudget<T>(
  render: (options: RenderOptions) => T,
  options: RenderOptions,
  budget: RenderBudget,
): T {
  const errors: TemplateError[] = [];
  const out = render({ ...options, budget, errors });
  const exceeded = budgetError(errors);
  if (exceeded !== undefined) throw new RenderBudgetExceeded(exceeded);
  return out;
}

/** Render with the page budget, as a string. */
export const renderWithBudget = (
  template: Template,
  data: unknown,
  options: RenderOptions,
  budget: RenderBudget = PAGE_RENDER_BUDGET,
): string => withBudget((o) => template.render(data, o), options, budget);

/** Render with the page budget, to the UTF-8 bytes of the page (the engine's renderBytes). */
export const renderBytesWithBudget = (
  template: Template,
  data: unknown,
  options: RenderOptions,
  budget: RenderBudget = PAGE_RENDER_BUDGET,
): Buffer => withBudget((o) => template.renderBytes(data, o), options, budget);

/** What a visitor sees instead of a page whose template ran out of budget. */
export function budgetErrorPage(error: RenderBudgetExceeded, siteTitle: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page unavailable — ${escapeHtml(siteTitle)}</title></head><body data-render-error="${error.templateError.code}"><main><h1>This page could not be displayed</h1><p>Its template took too long or grew too large to render. Please try again later.</p></main></body></html>`;
}
