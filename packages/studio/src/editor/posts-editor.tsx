import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiFailure, type MediaAsset, type Post, api } from '../api';
import { confirmModal } from '../components/dialogs';
import { paths } from '../router';
import { leaveTo } from '../unsaved-guard';
import { RichText } from './rich-text';

const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const toLocal = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** A blog's posts: pick or add one, then edit its text, excerpt, image, author, date, tags and categories. */
export function PostsEditor({ blogId, onSaved }: { blogId: string; onSaved(path: string): void }) {
  const [blog, setBlog] = useState<{ title: string; urlId: string } | null>(null);
  const [posts, setPosts] = useState<Post[]>([]);
  const [current, setCurrent] = useState<Post | null>(null);
  const [tags, setTags] = useState('');
  const [cats, setCats] = useState('');
  const [media, setMedia] = useState<MediaAsset[]>([]);
  const [newTitle, setNewTitle] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  const open = (post: Post | null) => {
    setCurrent(post);
    setTags(post?.tags.join(', ') ?? '');
    setCats(post?.categories.join(', ') ?? '');
    setMessage('');
    setError('');
  };
  const load = useCallback(async () => {
    const data = await api.posts(blogId);
    setBlog(data.blog);
    setPosts(data.posts);
    return data.posts;
  }, [blogId]);
  /** Reload and open one post (after a create or a save). */
  const reloadAndOpen = async (id: string) => open((await load()).find((p) => p.id === id) ?? null);
  useEffect(() => {
    load().catch(() => setError('Unable to load. Try again.'));
    api.media().then(
      (r) => setMedia(r.media),
      () => undefined,
    );
  }, [load]);

  const fail = (failure: unknown) =>
    setError(failure instanceof ApiFailure ? failure.message : 'Something went wrong');

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!current) return;
    try {
      await api.savePost(blogId, current.id, {
        title: current.title,
        excerpt: current.excerpt,
        body: current.body,
        author: current.author,
        publishOn: current.publishOn,
        tags: list(tags),
        categories: list(cats),
        mainImage: current.mainImage,
      });
      await reloadAndOpen(current.id);
      setMessage('Post saved.');
      onSaved(current.fullUrl);
    } catch (failure) {
      fail(failure);
    }
  }

  return (
    <div className="editor">
      <div className="editor__bar">
        <a
          href={paths.pages}
          className="btn btn--plain"
          onClick={(e) => {
            e.preventDefault();
            leaveTo(paths.pages);
          }}
        >
          ← Pages
        </a>
        <h1 className="editor__title">{blog?.title ?? 'Blog'}</h1>
      </div>
      <div className="editor__body">
        <aside className="panel" aria-label="Posts">
          {error && (
            <p className="alert" role="alert">
              {error}
            </p>
          )}
          <form
            className="add-block"
            onSubmit={async (e) => {
              e.preventDefault();
              if (!newTitle.trim()) return setError('Please enter a title');
              try {
                const created = await api.createPost(blogId, newTitle.trim());
                setNewTitle('');
                await reloadAndOpen(created.id);
              } catch (failure) {
                fail(failure);
              }
            }}
          >
            <label htmlFor="new-post-title">New post title</label>
            <input id="new-post-title" value={newTitle} onChange={(e) => setNewTitle(e.target.value)} />
            <button type="submit" className="btn btn--primary">
              Add post
            </button>
          </form>
          <h2>Posts</h2>
          <ul className="tree">
            {posts.map((p) => (
              <li key={p.id} className="row">
                <button
                  type="button"
                  className="row__title"
                  aria-pressed={current?.id === p.id}
                  onClick={() => open(p)}
                >
                  {p.title}
                </button>
                <span className="muted">{new Date(p.publishOn).toLocaleDateString()}</span>
              </li>
            ))}
          </ul>
        </aside>
        <section className="stage stage--form" aria-label="Post">
          {current ? (
            <form className="post-form" onSubmit={save}>
              <p role="status" className="note">
                {message}
              </p>
              <label htmlFor="post-title">Title</label>
              <input
                id="post-title"
                value={current.title}
                onChange={(e) => setCurrent({ ...current, title: e.target.value })}
              />
              <RichText
                id="post-body"
                label="Text"
                value={current.body}
                onChange={(body) => setCurrent({ ...current, body })}
              />
              <label htmlFor="post-excerpt">Excerpt</label>
              <textarea
                id="post-excerpt"
                rows={3}
                value={current.excerpt}
                onChange={(e) => setCurrent({ ...current, excerpt: e.target.value })}
              />
              <label htmlFor="post-image">Main image</label>
              <select
                id="post-image"
                value={current.mainImage?.id ?? ''}
                onChange={(e) => {
                  const m = media.find((x) => x.id === e.target.value);
                  setCurrent({
                    ...current,
                    mainImage: m
                      ? {
                          id: m.id,
                          assetUrl: m.assetUrl,
                          originalSize: m.originalSize,
                          systemDataVariants: m.systemDataVariants,
                          altText: m.altText,
                        }
                      : null,
                  });
                }}
              >
                <option value="">
                  {current.mainImage && !current.mainImage.id ? 'Current image' : 'None'}
                </option>
                {media.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.filename}
                  </option>
                ))}
              </select>
              <label htmlFor="post-author">Author</label>
              <input
                id="post-author"
                value={current.author}
                onChange={(e) => setCurrent({ ...current, author: e.target.value })}
              />
              <label htmlFor="post-date">Publish date</label>
              <input
                id="post-date"
                type="datetime-local"
                value={toLocal(current.publishOn)}
                onChange={(e) =>
                  e.target.value &&
                  setCurrent({ ...current, publishOn: new Date(e.target.value).toISOString() })
                }
              />
              <label htmlFor="post-tags">Tags (comma separated, up to 50 characters each)</label>
              <input id="post-tags" value={tags} onChange={(e) => setTags(e.target.value)} />
              <label htmlFor="post-categories">Categories (comma separated, up to 25 characters each)</label>
              <input id="post-categories" value={cats} onChange={(e) => setCats(e.target.value)} />
              <div className="post-form__actions">
                <button type="submit" className="btn btn--primary">
                  Save post
                </button>
                <a className="btn btn--plain" href={current.fullUrl} target="_blank" rel="noreferrer">
                  View post
                </a>
                <button
                  type="button"
                  className="btn btn--plain"
                  onClick={async () => {
                    const ok = await confirmModal({
                      title: `Delete ${current.title}?`,
                      message: 'The post is deleted for good.',
                      confirmLabel: 'Delete',
                    });
                    if (!ok) return;
                    await api.deletePost(blogId, current.id).catch(fail);
                    open(null);
                    await load();
                  }}
                >
                  Delete post
                </button>
              </div>
            </form>
          ) : (
            <p className="muted">Choose a post, or add one.</p>
          )}
        </section>
      </div>
    </div>
  );
}
