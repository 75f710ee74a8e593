import { type FormEvent, useState } from 'react';
import type { Post } from '../api';
import { confirmModal } from '../components/dialogs';
import { type Column, DataList, SearchBox } from '../components/list-kit';
import type { SortState } from '../components/list-data';
import { useApiMutation, useApiQuery } from '../data/api-query';
import { failureText } from '../data/errors';
import { paths } from '../router';
import { leaveTo } from '../unsaved-guard';
import { shownPosts, splitList, toLocalInput } from './posts-data';
import { RichText } from './rich-text';
import './posts-list.css';

const postsRoute = ['GET /api/studio/blogs/:blogId/posts'] as const;

/** A blog's posts: pick or add one, then edit its text, excerpt, image, author, date, tags and categories. */
export function PostsEditor({ blogId, onSaved }: { blogId: string; onSaved(path: string): void }) {
  const answer = useApiQuery('GET /api/studio/blogs/:blogId/posts', { params: { blogId } });
  const mediaAnswer = useApiQuery('GET /api/studio/media', {});
  const createPost = useApiMutation('POST /api/studio/blogs/:blogId/posts', { invalidates: postsRoute });
  const savePost = useApiMutation('PUT /api/studio/blogs/:blogId/posts/:postId', { invalidates: postsRoute });
  const deletePost = useApiMutation('DELETE /api/studio/blogs/:blogId/posts/:postId', {
    invalidates: postsRoute,
  });
  const blog = answer.data?.blog ?? null;
  const posts = answer.data?.posts ?? [];
  const media = mediaAnswer.data?.media ?? [];
  // The open post: its unsaved edits, or as saved (fresh after every save).
  const [openId, setOpenId] = useState<string | null>(null);
  const [draft, setDraft] = useState<Post | null>(null);
  const current = draft ?? posts.find((p) => p.id === openId) ?? null;
  const setCurrent = (post: Post) => setDraft(post);
  const [tags, setTags] = useState('');
  const [cats, setCats] = useState('');
  const [newTitle, setNewTitle] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  const open = (post: Pick<Post, 'id' | 'tags' | 'categories'> | null) => {
    setOpenId(post?.id ?? null);
    setDraft(null);
    setTags(post?.tags.join(', ') ?? '');
    setCats(post?.categories.join(', ') ?? '');
    setMessage('');
    setError('');
  };
  const fail = (failure: unknown) => setError(failureText(failure));
  const shownError = error || (answer.errorText ? 'Unable to load. Try again.' : '');

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!current) return;
    try {
      await savePost.mutateAsync({
        params: { blogId, postId: current.id },
        body: {
          title: current.title,
          excerpt: current.excerpt,
          body: current.body,
          author: current.author,
          publishOn: current.publishOn,
          tags: splitList(tags),
          categories: splitList(cats),
          mainImage: current.mainImage,
        },
      });
      // The list is fresh now: show the post as saved.
      open({ id: current.id, tags: splitList(tags), categories: splitList(cats) });
      setMessage('Post saved.');
      onSaved(current.fullUrl);
    } catch (failure) {
      fail(failure);
    }
  }

  const columns: Column<Post>[] = [
    {
      key: 'title',
      header: 'Title',
      primary: true,
      sortable: true,
      cell: (p) => (
        <button
          type="button"
          className="row__title"
          aria-pressed={current?.id === p.id}
          onClick={() => open(p)}
        >
          {p.title}
        </button>
      ),
    },
    {
      key: 'date',
      header: 'Date',
      sortable: true,
      cell: (p) => <span className="muted">{new Date(p.publishOn).toLocaleDateString()}</span>,
    },
  ];

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
          {shownError && (
            <p className="alert" role="alert">
              {shownError}
            </p>
          )}
          <form
            className="add-block"
            onSubmit={async (e) => {
              e.preventDefault();
              if (!newTitle.trim()) return setError('Please enter a title');
              try {
                const created = await createPost.mutateAsync({
                  params: { blogId },
                  body: { title: newTitle.trim() },
                });
                setNewTitle('');
                open({ id: created.id, tags: [], categories: [] });
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
          {posts.length > 1 && (
            <SearchBox
              label="Search posts"
              hideLabel
              placeholder="Search posts"
              value={search}
              onChange={setSearch}
            />
          )}
          <DataList
            label="Posts"
            className="posts-list"
            rows={shownPosts(posts, { search, sort })}
            columns={columns}
            rowKey={(p) => p.id}
            sort={sort}
            onSortChange={setSort}
            loading={answer.isPending}
            empty={<p className="muted">{search.trim() ? 'No posts match.' : 'No posts yet.'}</p>}
          />
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
                value={toLocalInput(current.publishOn)}
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
                <button type="submit" className="btn btn--primary" disabled={savePost.isPending}>
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
                    try {
                      await deletePost.mutateAsync({ params: { blogId, postId: current.id } });
                      open(null);
                    } catch (failure) {
                      fail(failure);
                    }
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
