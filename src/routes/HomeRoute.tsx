import { Link } from 'react-router-dom';
import type { PageMeta } from '../meta/pageMeta';
import { PageHead } from '../meta/PageHead';
import { AlertPreview } from './home/AlertPreview';
import { FAQ } from './home/faq';
import { Pricing } from './home/Pricing';
import { PATHS, PRICING_PATH } from '../paths';

export const homeMeta: PageMeta = {
  title: 'ApplyFirst: real-time alerts for new US and remote tech jobs',
  description:
    'ApplyFirst matches your CV against new US and remote tech jobs the moment they are posted and alerts you in real time, so you apply first and get more interviews.',
  keywords: ['job alerts', 'tech jobs', 'remote jobs', 'US jobs', 'CV matching', 'apply first'],
  url: PATHS.home,
};

const REASONS = [
  {
    title: 'Early applications get read',
    text: 'Recruiters screen as applications arrive and build a shortlist within days. Being in the first batch means being read carefully.',
  },
  {
    title: 'Only jobs that fit you',
    text: 'Every new posting is compared with your CV and preferences. You hear about the roles worth your time, not hundreds of near misses.',
  },
  {
    title: 'Less time on job boards',
    text: 'Stop refreshing listings. ApplyFirst watches company career pages and job systems for you, around the clock.',
  },
];

const STEPS = [
  {
    title: 'Add your CV',
    text: 'Upload your CV and tell us the roles, locations, time zones and salary you are after.',
  },
  {
    title: 'We match new jobs as they go live',
    text: 'New US and remote tech postings are checked against your profile the moment they are published.',
  },
  {
    title: 'You get an alert and apply first',
    text: 'A real-time alert shows the job, why it matches and what your CV may be missing, so you can apply within minutes.',
  },
];

export function HomeRoute() {
  return (
    <>
      <PageHead meta={homeMeta} />
      <section className="hero">
        <div className="container hero-grid">
          <div>
            <p className="eyebrow">Real-time job alerts for tech</p>
            <h1>Apply first. Get more interviews.</h1>
            <p className="lead">
              ApplyFirst matches your CV against new US and remote tech jobs the moment they are
              posted and alerts you in real time, so your application is among the first a recruiter
              reads.
            </p>
            <p className="actions">
              <Link className="button button--primary" to={PATHS.start}>
                Start free
              </Link>
              <Link className="button button--secondary" to={PRICING_PATH}>
                See pricing
              </Link>
            </p>
            <p className="fine-print">Free plan available. No card needed.</p>
          </div>
          <AlertPreview />
        </div>
      </section>

      <section className="section" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title">Why being first matters</h2>
          <ul className="feature-grid">
            {REASONS.map((reason) => (
              <li key={reason.title} className="card">
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-tinted" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title">How it works</h2>
          <ol className="steps">
            {STEPS.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <Pricing />

      <section className="section section-tinted" aria-labelledby="faq-title">
        <div className="container">
          <h2 id="faq-title">Questions</h2>
          <dl className="faq">
            {FAQ.map(({ question, answer }) => (
              <div key={question}>
                <dt>{question}</dt>
                <dd>{answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  );
}
