// Gallery blocks (blocks/gallery.html). Every control is an in-page link that works without
// this script; it adds what links cannot: scrolling the track in place (no page jump),
// autoplay, and Escape / arrow keys in the lightbox.
const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;

for (const gallery of document.querySelectorAll('.gallery-block')) {
  const track = gallery.querySelector('.gallery-track');
  const slides = [...track.querySelectorAll(':scope > .gallery-item')];
  if (slides.length === 0) continue;
  const moving = gallery.matches('.gallery-block--slideshow, .gallery-block--slider');
  const current = () => {
    let best = 0;
    for (const [i, slide] of slides.entries())
      if (
        Math.abs(slide.offsetLeft - track.scrollLeft) < Math.abs(slides[best].offsetLeft - track.scrollLeft)
      )
        best = i;
    return best;
  };
  const show = (i) => {
    const slide = slides[(i + slides.length) % slides.length];
    track.scrollTo({ left: slide.offsetLeft, behavior: reduceMotion ? 'auto' : 'smooth' });
  };
  gallery.addEventListener('click', (event) => {
    const link = event.target.closest('a[href^="#"]');
    if (!moving || !link || link.closest('.gallery-lightbox')) return;
    const target = slides.findIndex((s) => `#${s.id}` === link.getAttribute('href'));
    if (target >= 0) {
      event.preventDefault();
      show(target);
    }
  });
  const seconds = Number(gallery.dataset.autoplayDuration) || 5;
  if (moving && gallery.dataset.autoplay === 'true' && !reduceMotion && slides.length > 1) {
    // Paused while the visitor points at or tabs into the gallery, or the tab is hidden.
    let held = false;
    gallery.addEventListener('pointerenter', () => {
      held = true;
    });
    gallery.addEventListener('pointerleave', () => {
      held = false;
    });
    gallery.addEventListener('focusin', () => {
      held = true;
    });
    gallery.addEventListener('focusout', () => {
      held = false;
    });
    setInterval(() => {
      if (!held && !document.hidden) show(current() + 1);
    }, seconds * 1000);
  }
}

document.addEventListener('keydown', (event) => {
  const open = document.querySelector('.gallery-lightbox:target');
  if (!open) return;
  const link =
    event.key === 'Escape'
      ? '.gallery-lightbox__close'
      : event.key === 'ArrowLeft'
        ? '.gallery-arrow--prev'
        : event.key === 'ArrowRight'
          ? '.gallery-arrow--next'
          : null;
  if (link) open.querySelector(link)?.click();
});
