import { DEFAULT_RESIDENCE, type AlertProfile, type CvSummary } from '../../../contract';
import { countryName } from './countryName';
import { placesOf } from './placesOf';

/** A saved profile in a few read-only lines: roles, skills, where they live and work, the CV's file. */
export function ProfileDetails({
  profile,
  cv,
  withSkills = false,
}: {
  profile: AlertProfile;
  cv: CvSummary | null;
  withSkills?: boolean;
}) {
  return (
    <dl className="cv__details">
      <dt>Roles</dt>
      <dd>{profile.targetRoles.join(', ')}</dd>
      {withSkills && (
        <>
          <dt>Skills</dt>
          <dd>{profile.skills.join(', ') || 'None listed'}</dd>
        </>
      )}
      <dt>Lives in</dt>
      <dd>{countryName(profile.where.country ?? DEFAULT_RESIDENCE)}</dd>
      <dt>Where</dt>
      <dd>{placesOf(profile.where) || 'Nowhere chosen yet'}</dd>
      <dt>CV</dt>
      <dd>{cv ? cv.fileName : 'Not uploaded'}</dd>
    </dl>
  );
}
