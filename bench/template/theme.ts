/** A realistic theme page: layout template plus five partials (navigation, item, product, sidebar, footer). */

export const pageTemplate = `<!doctype html>
<html lang="en">
<head>
  <title>{collection.title|html} — {website.siteTitle|html}</title>
  <meta name="description" content="{collection.description|safe|truncate 150|htmlattr}">
  <script>window.Static = {"collection": {collection|json}};</script>
</head>
<body id="{collection.typeName|slugify}" class="{.if debug}debug{.or}live{.end}">
{navigation|apply navigation}
<main>
  <h1>{collection.title|html}</h1>
  {.section collection}<p class="count">{itemCount} post{itemCount|pluralize}</p>{.end}
  {.repeated section items}
    {.equal? recordType 11}{@|apply product}{.or}{@|apply item}{.end}
  {.alternates with}<hr>
  {.or}<p>No posts yet.</p>
  {.end}
  {.section pagination}{.if nextPage}<a class="next" href="{nextPageUrl|htmlattr}">Older</a>{.end}{.end}
</main>
{@|apply sidebar}
{footer|apply footer}
</body>
</html>
`;

export const partials: Record<string, string> = {
  navigation: `<nav><ul>
{.repeated section @}<li class="{.if active}active{.end} nav-{@index}"><a href="{url|htmlattr}">{title|html}</a>
{.if children}<ul>{.repeated section children}<li><a href="{url|encode-uri}">{title|html}</a></li>{.end}</ul>{.end}
</li>{.end}
</ul></nav>`,
  item: `<article id="{id}" class="post {.if starred}featured{.end}{.background-source-video?} video-bg{.end}">
  {.var @url fullUrl}
  <h2><a href="{@url|htmlattr}">{title|html}</a></h2>
  <p class="meta">By {author.displayName|html} · {publicCommentCount} comment{publicCommentCount|pluralize}
  {.repeated section tags}<a class="tag" href="/tag/{@|slugify}">{@|html}</a>{.alternates with}, {.end}</p>
  <img src="{assetUrl|htmlattr}" data-size="{originalSize}" alt="{title|htmlattr}">
  <div class="excerpt">{excerpt|safe|truncate 120}</div>
  <div class="body">{body}</div>
</article>`,
  product: `<article id="{id}" class="product">
  <h2>{title|html}</h2>
  {.section structuredContent}
  <ul class="variants">{.repeated section variants}
    <li data-sku="{sku}" class="{.if onSale}on-sale{.end}">{attributes.Size} —
    {.if onSale}<s>{price}</s> {salePrice}{.or}{price}{.end}
    {.greaterThan? qtyInStock 0}in stock{.or}sold out{.end}</li>{.end}
  </ul>
  <script type="application/json">{variants|json}</script>
  {.end}
  <div class="body">{body}</div>
</article>`,
  sidebar: `<aside>
  <h3>{website.siteTitle|html}</h3>
  <ul class="social">{.repeated section website.socialAccounts}<li><a href="{profileUrl|htmlattr}">{serviceName|capitalize}</a></li>{.end}</ul>
  <p>{collection.itemCount} items, {items|count} loaded</p>
</aside>`,
  footer: `<footer>
  <p>{text|truncate 80}</p>
  <ul>{.repeated section links}<li><a href="{url}">{title|html}</a></li>{.end}</ul>
  <p>&copy; {.eval 2000 + 26} {.meta-left}{.meta-right}</p>
</footer>`,
};
