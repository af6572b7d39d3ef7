/** An illustration of what an alert looks like; the job in it is an example. */
export function AlertPreview() {
  return (
    <figure className="alert-preview">
      <div className="alert-card">
        <p className="alert-top">
          <span className="badge">New match</span>
          <span>posted 4 minutes ago</span>
        </p>
        <p className="alert-title">Senior Frontend Engineer</p>
        <p className="alert-company">Example Cloud Inc. · Remote (US)</p>
        <p className="alert-score">
          <strong>92% match</strong> with your CV
        </p>
        <ul className="alert-reasons">
          <li>React and TypeScript</li>
          <li>6 years of experience</li>
          <li>US time zones</li>
        </ul>
      </div>
      <figcaption>An example alert: the job, why it matches, and how fresh it is.</figcaption>
    </figure>
  );
}
