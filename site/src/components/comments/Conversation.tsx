import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type SubmitEvent, type MouseEvent } from 'react';
import type { Lang } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import {
  commentLimits,
  initials,
  itemKey,
  newItems,
  nextPageIndex,
  relativeTime,
  type ConversationItem,
  type ConversationPage,
  type FlagTarget,
  type LikeView,
} from '../../lib/conversation';
import { dateFormat, fill, formatAmount, numberFormat, textLang } from '../../lib/format';
import { $auth, ensureAuth } from '../../stores/auth';
import { useConfirm } from '../ConfirmDialog';
import { FieldError, FormAlert, inputClass, SubmitButton, useFieldErrors, type FieldCheck } from '../forms';
import { ReportDialog, type BotCheckMessages, type ConversationMessages } from './ReportDialog';

type Viewer = { id: number; admin: boolean };

/** A comment's like as this reader last asked for it, and as the server last answered. */
type LikeState = { wanted: boolean; confirmed: LikeView; sending: boolean };

type Props = {
  lang: Lang;
  fundraiserId: number;
  /** The organiser, whose comments are marked as theirs. */
  organiserId: number;
  /** The page the server read (?commentsPage=N), newest first. */
  first: ConversationPage;
  /** When the server read it: the relative times are worked out from this until the browser's clock takes over. */
  readAt: string;
  /** Who the page was made for, until the browser's own auth state is known. */
  viewer: Viewer | null;
  /** The fundraiser's organiser or an admin (`viewerCanManage`): they hide others' comments. */
  canManage: boolean;
  /** A suspended fundraiser takes no comments. */
  takesComments: boolean;
  paths: {
    /** Sign-in, coming back to this section afterwards. */
    login: string;
    /** This page, for the links that page through the conversation without JavaScript. */
    page: string;
  };
  messages: ConversationMessages;
  botCheck: BotCheckMessages | null;
};

const actionClass =
  'inline-flex min-h-8 cursor-pointer items-center rounded-md px-2 text-sm font-semibold text-muted underline-offset-4 hover:bg-sunken hover:text-ink hover:underline';

const absoluteTime: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' };

const pageHref = (base: string, page: number) => `${base}${page === 0 ? '' : `?commentsPage=${page}`}#comments-title`;

/** The content has no error left once there is something to post; the API judges it again then. */
const recheck: FieldCheck<'content'> = (_field, values, shown) => (String(values.get('content') ?? '').trim() ? undefined : shown);

/**
 * A fundraiser's words of support: its comments and its donors' messages, newest first. The
 * server renders the first page (readable without JavaScript, and by search engines); the
 * page hydrates this only once the section comes into view, and it then adds the comment
 * form, likes, "Show more" in place, removing, hiding and reporting. A report of the
 * fundraiser itself opens from the page's own link ([data-report-fundraiser]), which goes to
 * the contact page until this has loaded.
 */
export default function Conversation({ lang, fundraiserId, organiserId, first, readAt, viewer, canManage, takesComments, paths, messages: m, botCheck }: Props) {
  const id = useId();
  const auth = useStore($auth);
  // The server's reading until the first effect has run, so that hydration finds what it rendered.
  const [hydrated, setHydrated] = useState(false);
  const [clock, setClock] = useState({ now: Date.parse(readAt), local: false });
  const [items, setItems] = useState(first.content);
  const [total, setTotal] = useState(first.totalElements);
  const [loading, setLoading] = useState(false);
  const [itemErrors, setItemErrors] = useState<Record<string, string>>({});
  const [busyItem, setBusyItem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [reporting, setReporting] = useState<FlagTarget | null>(null);
  const likes = useRef(new Map<string, LikeState>());
  const listRef = useRef<HTMLOListElement>(null);
  const focusOnAdded = useRef<string | null>(null);
  const { ask, askFor, dialog } = useConfirm(m.cancel);

  const user: Viewer | null = hydrated && auth.isInitialized ? (auth.user && { id: auth.user.id, admin: auth.user.admin }) : viewer;

  useEffect(() => {
    setHydrated(true);
    setClock({ now: Date.now(), local: true });
    // The page was made for someone signed in whom this browser may not know yet (its hint is
    // gone when storage was cleared): learning it brings up the header's menu and timers too.
    if (viewer) void ensureAuth(lang).catch(() => undefined);
  }, [viewer, lang]);

  useEffect(() => {
    const link = document.querySelector<HTMLAnchorElement>('a[data-report-fundraiser]');
    if (!link) return;
    const open = (event: globalThis.MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      setReporting({ targetType: 'FUNDRAISER', targetId: fundraiserId });
    };
    link.addEventListener('click', open);
    return () => link.removeEventListener('click', open);
  }, [fundraiserId]);

  useEffect(() => {
    const key = focusOnAdded.current;
    if (!key) return;
    focusOnAdded.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-item="${key}"]`)?.focus();
  }, [items]);

  const shownFrom = first.page;
  const hasMore = shownFrom * first.size + items.length < total;
  const nextPage = nextPageIndex(shownFrom, first.size, items.length);

  const setItemError = (key: string, message: string | undefined) =>
    setItemErrors((current) => {
      const next = { ...current };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });

  const replace = (key: string, change: (item: ConversationItem) => ConversationItem) => setItems((current) => current.map((item) => (itemKey(item) === key ? change(item) : item)));

  const toggleLike = async (item: ConversationItem) => {
    if (!user) {
      location.assign(paths.login);
      return;
    }
    const key = itemKey(item);
    const state = likes.current.get(key) ?? { wanted: item.likedByMe, confirmed: { likedByMe: item.likedByMe, likeCount: item.likeCount }, sending: false };
    likes.current.set(key, state);
    state.wanted = !item.likedByMe;
    setItemError(key, undefined);
    replace(key, (shown) => ({ ...shown, likedByMe: state.wanted, likeCount: Math.max(0, shown.likeCount + (state.wanted ? 1 : -1)) }));
    // Clicks while a request is on its way are not lost, nor sent alongside it (answers could
    // cross): once it is answered, one more goes if the reader has changed their mind since.
    if (state.sending) return;
    state.sending = true;
    try {
      for (;;) {
        const wanted = state.wanted;
        state.confirmed = await apiFetch<LikeView>(`/api/comments/${item.id}/like`, { method: wanted ? 'POST' : 'DELETE', lang });
        if (state.wanted === wanted) break;
      }
      replace(key, (shown) => ({ ...shown, ...state.confirmed }));
    } catch (error) {
      state.wanted = state.confirmed.likedByMe;
      replace(key, (shown) => ({ ...shown, ...state.confirmed }));
      setItemError(key, errorText(error, m));
    } finally {
      state.sending = false;
    }
  };

  const removed = (key: string, words: string) => {
    setItems((current) => current.filter((item) => itemKey(item) !== key));
    setTotal((count) => Math.max(0, count - 1));
    setAnnouncement(words);
    // The button pressed is gone with its comment; the heading is the nearest place to go on from.
    document.getElementById('comments-title')?.focus();
  };

  /** Its author deletes a comment; the organiser or an admin hides someone else's, or a donor's words, saying why. */
  const remove = async (item: ConversationItem, own: boolean) => {
    if (busyItem !== null) return;
    const key = itemKey(item);
    const words = item.kind === 'donation';
    let reason: string | undefined;
    if (own) {
      if (!(await ask({ title: m.deleteTitle, text: m.deleteConfirm, confirm: m.deleteAction, danger: true }))) return;
    } else {
      const given = await askFor(
        words
          ? { title: m.hideWordsTitle, text: m.hideWordsConfirm, confirm: m.hideWordsAction, danger: true }
          : { title: m.hideTitle, text: m.hideConfirm, confirm: m.hideAction, danger: true },
        { label: m.hideReason, hint: m.hideReasonHint, maxLength: commentLimits.hideReason, missing: m.hideReasonMissing },
      );
      if (given === null) return;
      reason = given;
    }
    setBusyItem(key);
    setItemError(key, undefined);
    try {
      await apiFetch(words ? `/api/comments/words/${item.id}` : `/api/comments/${item.id}`, { method: 'DELETE', body: reason === undefined ? undefined : { reason }, lang });
      removed(key, own ? m.deleted : words ? m.wordsHidden : m.hidden);
    } catch (error) {
      setItemError(key, errorText(error, m));
    } finally {
      setBusyItem(null);
    }
  };

  const showMore = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (loading) return;
    const link = event.currentTarget;
    setLoading(true);
    try {
      const page = await apiFetch<ConversationPage>(`/api/comments/${fundraiserId}?page=${nextPage}&size=${first.size}`, { lang });
      const added = newItems(items, page.content);
      setTotal(page.totalElements);
      const firstAdded = added[0];
      if (firstAdded) focusOnAdded.current = itemKey(firstAdded);
      setItems([...items, ...added]);
    } catch (error) {
      // The page without JavaScript shows the same next page.
      console.error(error);
      location.assign(link.href);
    } finally {
      setLoading(false);
    }
  };

  const added = (item: ConversationItem) => {
    setItems((current) => [item, ...current]);
    setTotal((count) => count + 1);
    setAnnouncement(m.sent);
  };

  const count = numberFormat(lang).format(total);
  return (
    <section className="mt-8" aria-labelledby="comments-title" data-testid="conversation">
      <h2 id="comments-title" className="text-2xl font-bold" tabIndex={-1}>
        {m.title} <span className="text-muted">({count})</span>
      </h2>
      <p className="sr-only" role="status">
        {announcement}
      </p>

      {!takesComments ? (
        <p className="mt-3 text-muted">{m.closed}</p>
      ) : user ? (
        <CommentForm key={user.id} lang={lang} fundraiserId={fundraiserId} userId={user.id} hydrated={hydrated} messages={m} onPosted={added} />
      ) : (
        <p className="mt-3">
          <a className="font-semibold text-link underline underline-offset-4" href={paths.login}>
            {m.signIn}
          </a>
        </p>
      )}

      {total === 0 && <p className="mt-4 text-muted">{m.empty}</p>}
      {first.page > 0 && (
        <a className="mt-4 inline-block text-link underline" href={pageHref(paths.page, Math.max(0, Math.min(first.page, first.totalPages) - 1))}>
          {m.newer}
        </a>
      )}
      {items.length > 0 && (
        <ol ref={listRef} className="mt-4 space-y-3">
          {items.map((item) => {
            const key = itemKey(item);
            const own = user !== null && item.kind === 'comment' && item.author?.id === user.id;
            const mayHide = user !== null && !own && (canManage || user.admin);
            return (
              <Item
                key={key}
                item={item}
                itemId={`${id}-${key}`}
                lang={lang}
                clock={clock}
                organiser={item.kind === 'comment' && item.author?.id === organiserId}
                messages={m}
                hydrated={hydrated}
                error={itemErrors[key]}
                onLike={() => toggleLike(item)}
                onDelete={own ? () => remove(item, true) : undefined}
                onHide={mayHide ? () => remove(item, false) : undefined}
                onReport={own ? undefined : () => setReporting({ targetType: item.kind === 'comment' ? 'COMMENT' : 'DONATION', targetId: item.id })}
              />
            );
          })}
        </ol>
      )}
      {hasMore && (
        <a
          className="mt-4 inline-block rounded-lg border-2 border-brand px-5 py-2.5 font-semibold text-ink hover:bg-sunken aria-busy:cursor-progress aria-busy:opacity-70"
          href={pageHref(paths.page, nextPage)}
          aria-busy={loading || undefined}
          onClick={showMore}
        >
          {m.showMore}
        </a>
      )}
      {dialog}
      <ReportDialog lang={lang} target={reporting} messages={m} botCheck={botCheck} onClosed={() => setReporting(null)} />
    </section>
  );
}

type CommentFormProps = {
  lang: Lang;
  fundraiserId: number;
  userId: number;
  hydrated: boolean;
  messages: ConversationMessages;
  onPosted: (item: ConversationItem) => void;
};

function CommentForm({ lang, fundraiserId, userId, hydrated, messages: m, onPosted }: CommentFormProps) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  // Uncontrolled, so that what was typed before the script ran is kept; the count follows it.
  const [length, setLength] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const { errors, setErrors, onChange } = useFieldErrors<'content'>(recheck);

  useEffect(() => setLength(textarea.current?.value.length ?? 0), []);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const content = textarea.current?.value ?? '';
    setBusy(true);
    setProblem(undefined);
    setErrors({});
    try {
      const item = await apiFetch<ConversationItem>('/api/comments', { method: 'POST', body: { fundraiserId, userId, content }, lang });
      form.reset();
      setLength(0);
      onPosted(item);
    } catch (error) {
      const fields = fieldErrorsOf(error, ['content'] as const);
      setErrors(fields);
      if (fields.content) textarea.current?.focus();
      else setProblem(errorText(error, m));
    } finally {
      setBusy(false);
    }
  };

  const numbers = numberFormat(lang);
  const contentId = `${id}-content`;
  return (
    <form className="mt-4" onSubmit={submit} onChange={onChange} noValidate>
      <FormAlert message={problem} />
      <label htmlFor={contentId} className="font-semibold">
        {m.formLabel}
      </label>
      <textarea
        ref={textarea}
        id={contentId}
        name="content"
        rows={3}
        maxLength={commentLimits.content}
        className={inputClass}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        aria-invalid={errors.content ? true : undefined}
        aria-describedby={[`${contentId}-hint`, `${contentId}-count`, errors.content && `${contentId}-error`].filter(Boolean).join(' ')}
      />
      <div className="mt-1 flex flex-wrap justify-between gap-x-4 text-sm text-muted">
        <p id={`${contentId}-hint`}>{m.formHint}</p>
        <p id={`${contentId}-count`} className="tabular-nums" data-testid="comment-length">
          {fill(m.length, { count: numbers.format(length), max: numbers.format(commentLimits.content) })}
        </p>
      </div>
      <FieldError id={`${contentId}-error`} message={errors.content} />
      {/* Enabled once the script runs: a plain form post could not carry the anti-forgery header. */}
      <SubmitButton busy={busy} label={m.send} busyLabel={m.sending} disabled={!hydrated} className="mt-3" />
    </form>
  );
}

type ItemProps = {
  item: ConversationItem;
  itemId: string;
  lang: Lang;
  clock: { now: number; local: boolean };
  organiser: boolean;
  messages: ConversationMessages;
  hydrated: boolean;
  error: string | undefined;
  onLike: () => void;
  onDelete: (() => void) | undefined;
  onHide: (() => void) | undefined;
  onReport: (() => void) | undefined;
};

function Item({ item, itemId, lang, clock, organiser, messages: m, hydrated, error, onLike, onDelete, onHide, onReport }: ItemProps) {
  const name = item.author?.name ?? (item.kind === 'donation' ? m.anonymous : m.formerMember);
  const nameLang = textLang(name) === lang ? undefined : textLang(name);
  const contentLang = textLang(item.content) === lang ? undefined : textLang(item.content);
  // Until the browser's clock takes over, the time is the server's, in a zone that says which.
  const when = dateFormat(lang, clock.local ? absoluteTime : { ...absoluteTime, timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(item.createdAt));
  const metaId = `${itemId}-meta`;
  return (
    <li className="rounded-lg border border-line bg-surface p-4 focus:outline-none focus-visible:outline-3" tabIndex={-1} data-item={itemKey(item)}>
      <div className="flex gap-3">
        <Avatar item={item} name={name} />
        <div className="min-w-0 flex-1">
          <p id={metaId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold break-words" lang={nameLang}>
              {name}
            </span>
            {organiser && <span className="rounded-full border border-brand px-2 text-xs font-semibold">{m.organiser}</span>}
            {item.kind === 'donation' && (
              <span className="rounded-full bg-sunken px-2 py-0.5 text-xs font-semibold" data-testid="donation-badge">
                {item.donation ? fill(m.donated, { amount: formatAmount(lang, item.donation.amount, item.donation.currency) }) : m.donation}
              </span>
            )}
            <time className="text-sm text-muted" dateTime={item.createdAt} title={when} suppressHydrationWarning>
              {relativeTime(lang, item.createdAt, clock.now)}
            </time>
          </p>
          <p className="mt-1 break-words whitespace-pre-line" lang={contentLang}>
            {item.content}
          </p>
          {/* There before the island wakes (the like button, or just its height), so that the actions arriving do not move the page. */}
          <div className="mt-2 flex min-h-8 flex-wrap items-center gap-1">
            {item.kind === 'comment' && (
              <button
                type="button"
                className="inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-full border border-line px-3 text-sm font-semibold hover:border-brand disabled:cursor-default aria-pressed:border-brand aria-pressed:bg-sunken"
                aria-pressed={item.likedByMe}
                aria-describedby={metaId}
                disabled={!hydrated}
                onClick={onLike}
              >
                <svg className={`size-4 ${item.likedByMe ? 'fill-current text-danger' : ''}`} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21Z" strokeLinejoin="round" />
                </svg>
                <span className="sr-only">{m.like}</span>
                <span className="tabular-nums">{numberFormat(lang).format(item.likeCount)}</span>
              </button>
            )}
            {hydrated && onDelete && (
              <button type="button" className={actionClass} aria-describedby={metaId} onClick={onDelete}>
                {m.delete}
              </button>
            )}
            {hydrated && onHide && (
              <button type="button" className={actionClass} aria-describedby={metaId} onClick={onHide}>
                {m.hide}
              </button>
            )}
            {hydrated && onReport && (
              <button type="button" className={actionClass} aria-describedby={metaId} onClick={onReport}>
                {m.report}
              </button>
            )}
          </div>
          {/* Beside the comment it concerns, so that a failure shows where the reader is looking. */}
          {hydrated && <FormAlert message={error} />}
        </div>
      </div>
    </li>
  );
}

function Avatar({ item, name }: { item: ConversationItem; name: string }) {
  const base = 'grid size-10 shrink-0 place-items-center rounded-full';
  if (item.author?.avatarUrl) return <img src={item.author.avatarUrl} alt="" width="40" height="40" loading="lazy" decoding="async" className={`${base} object-cover`} />;
  if (item.author) {
    return (
      <span className={`${base} bg-sunken font-bold`} aria-hidden="true">
        {initials(name)}
      </span>
    );
  }
  // Nobody to name: an anonymous donor (a heart), or a former member.
  return (
    <span className={`${base} bg-sunken text-muted`} aria-hidden="true">
      <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {item.kind === 'donation' ? (
          <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21Z" />
        ) : (
          <>
            <circle cx="12" cy="8" r="4" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
          </>
        )}
      </svg>
    </span>
  );
}
