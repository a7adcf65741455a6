import type { AuthUser } from '../../stores/auth';

/**
 * The user's photo, or their initials without one. `alt` names the photo where it is the
 * subject (the photo picker); beside the user's name it adds nothing, so it is left empty.
 */
export function Avatar({ user, className, alt = '' }: { user: AuthUser; className: string; alt?: string }) {
  if (user.avatarUrl) {
    // Square at 400 px (the small rendition): sharp at twice the largest size shown.
    return <img src={user.avatarUrl} alt={alt} width={400} height={400} className={`${className} rounded-full object-cover`} data-testid="avatar" />;
  }
  return (
    <span aria-hidden="true" className={`${className} grid place-items-center rounded-full bg-brand font-bold text-on-brand`}>
      {(user.firstName[0] ?? '') + (user.lastName[0] ?? '')}
    </span>
  );
}
