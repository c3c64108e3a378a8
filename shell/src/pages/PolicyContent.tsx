/**
 * The text of the four policies (spec §1 "Policies", §2 "Policy pages", §9 refund limits).
 * Governing law: India, courts at Thiruvananthapuram, Kerala.
 */
import type { ReactNode } from 'react';
import { Link } from '@lp/web-platform';
import { PRODUCT_NAME } from '../brand.ts';
import type { PolicyPath } from './policies.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="lp-policy__section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const GoverningLaw = () => (
  <Section title="Governing law">
    <p>
      These terms are governed by the laws of India. Any dispute is subject to the exclusive jurisdiction of the courts at
      Thiruvananthapuram, Kerala.
    </p>
  </Section>
);

const FeedbackLink = () => <Link to="/feedback">feedback page</Link>;

function Privacy() {
  return (
    <>
      <p>
        This policy explains what {PRODUCT_NAME} collects when you use it, why, and what you can do about it. We collect only what
        we need to run your study account.
      </p>
      <Section title="Data we collect">
        <ul>
          <li>
            <strong>Your name and e-mail address</strong>, and your profile picture if your Google account has one, when you sign in
            with Google. We never see your Google password.
          </li>
          <li>
            <strong>Your progress</strong>: the chapters and topics you have studied, revision stages and mastered chapters.
          </li>
          <li>
            <strong>Your performance</strong>: your answers, scores, accuracy, time spent and the questions you got wrong.
          </li>
          <li>
            <strong>Your study history</strong>: quiz sessions, paused and completed quizzes, and challenges you sent or took.
          </li>
          <li>
            <strong>Your preferences</strong>: the class and subject you selected.
          </li>
        </ul>
        <p>Visitors who are not signed in can take sample quizzes; their answers are not stored.</p>
      </Section>
      <Section title="How we use your data">
        <ul>
          <li>to sign you in and keep your account secure;</li>
          <li>to schedule your revisions, show your progress and let you review your mistakes;</li>
          <li>to run friend challenges (a friend who searches for your exact e-mail address sees only your name and picture);</li>
          <li>to manage your subscription and answer your feedback and refund requests;</li>
          <li>to find and fix faults and improve the questions.</li>
        </ul>
      </Section>
      <Section title="Sharing">
        <p>
          We do not sell your data. We share it only with the services needed to run the platform: Google for sign-in, and the
          payment gateways (PayPal, Razorpay) when you subscribe. Payment card details are handled by the gateway and never reach
          us. We disclose data to authorities only where Indian law requires it.
        </p>
      </Section>
      <Section title="Security">
        <p>
          Your session is kept in a secure, http-only cookie that expires; connections are encrypted; access to stored data is
          limited to the services that need it. No system is perfectly secure, so tell us at once through the <FeedbackLink /> if
          you think your account has been misused.
        </p>
      </Section>
      <Section title="Your rights">
        <p>
          You can ask to see, correct or delete your personal data, or to close your account, through the <FeedbackLink />. We
          answer within a reasonable time and as Indian data-protection law requires.
        </p>
      </Section>
      <GoverningLaw />
    </>
  );
}

function Terms() {
  return (
    <>
      <p>By using {PRODUCT_NAME} you agree to these terms. Please read them with the Privacy Policy and the Refund Policy.</p>
      <Section title="The service">
        <p>
          {PRODUCT_NAME} is an online study and quiz service for CBSE Class 10, 11 and 12 students (2025-26 syllabus): chapter and
          topic quizzes, spaced revision, mistake review, friend challenges and progress tracking. Features may change as the
          service develops.
        </p>
      </Section>
      <Section title="Accounts">
        <p>
          You sign in with your Google account and are responsible for what happens under it. Keep your Google account secure and
          give accurate information. A student under 18 should use the service with a parent or guardian's permission.
        </p>
      </Section>
      <Section title="AI-generated content">
        <p>
          Quiz questions, answers and explanations are generated with the help of AI for educational purposes and may be
          inaccurate. They are not official board material. See the <Link to="/disclaimer">Disclaimer</Link>.
        </p>
      </Section>
      <Section title="Subscription">
        <p>
          Free users can take unlimited sample quizzes and one free trial quiz. A paid yearly premium subscription unlocks full
          chapter and topic quizzes, progress, revision, mistake review, friend challenges and all subjects. Prices are shown in
          your currency before you pay. Refunds follow the <Link to="/refund-policy">Refund Policy</Link>.
        </p>
      </Section>
      <Section title="Conduct">
        <ul>
          <li>Do not try to break, overload or get around the security of the service.</li>
          <li>Do not copy, resell or republish the question bank.</li>
          <li>Do not share your account, or use challenges to harass anyone.</li>
        </ul>
        <p>We may suspend accounts that break these rules.</p>
      </Section>
      <Section title="Liability">
        <p>
          The service is provided as it is. To the extent the law allows, {PRODUCT_NAME} is not liable for exam results or for
          indirect losses arising from the use of the service; our total liability is limited to the amount you paid us in the
          last twelve months.
        </p>
      </Section>
      <GoverningLaw />
    </>
  );
}

function Refund() {
  return (
    <>
      <p>We want you to be happy with your subscription. This policy says when you can get your money back and how.</p>
      <Section title="7-day money-back guarantee">
        <p>
          If you are not satisfied, you can ask for a full refund within <strong>7 days</strong> of buying your{' '}
          <strong>first-time subscription</strong>. The guarantee applies to first-time subscriptions only.
        </p>
      </Section>
      <Section title="What is not refunded">
        <ul>
          <li>renewals of a subscription;</li>
          <li>requests made more than 7 days after purchase (late requests);</li>
          <li>the free trial quiz, which costs nothing.</li>
        </ul>
      </Section>
      <Section title="How refunds are paid">
        <p>Refunds go back to the original payment method. After we approve a refund, the money usually arrives within:</p>
        <table className="lp-policy__table">
          <caption className="lp-visually-hidden">Refund time by payment method</caption>
          <thead>
            <tr>
              <th scope="col">Payment method</th>
              <th scope="col">Refund time</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>PayPal</td>
              <td>3-5 business days</td>
            </tr>
            <tr>
              <td>Razorpay</td>
              <td>5-7 business days</td>
            </tr>
            <tr>
              <td>Credit and debit cards</td>
              <td>5-10 business days</td>
            </tr>
          </tbody>
        </table>
      </Section>
      <Section title="Response time">
        <p>We respond to every refund request within 24 hours.</p>
      </Section>
      <Section title="How to cancel or ask for a refund">
        <ol>
          <li>
            Open the <FeedbackLink /> (signed in).
          </li>
          <li>Choose the cancel-subscription option as the category.</li>
          <li>Give the reason for cancelling in your message, and say if you are asking for a refund.</li>
        </ol>
        <p>You will get a ticket number; we reply within 24 hours.</p>
      </Section>
      <GoverningLaw />
    </>
  );
}

function Disclaimer() {
  return (
    <>
      <p>Please read this before using the quizzes.</p>
      <Section title="Accuracy">
        <p>
          Quizzes on {PRODUCT_NAME} are AI-generated for educational purposes and may be inaccurate. Questions, answer keys and
          explanations are produced with the help of AI models, and mistakes can remain in them. If you find one, please report it
          through the <FeedbackLink />.
        </p>
      </Section>
      <Section title="Educational use">
        <p>
          The quizzes are a practice and revision aid. They are not official CBSE or board material and do not replace your
          prescribed textbooks, teachers or official sample papers. Always check important facts against your textbook.
        </p>
      </Section>
      <Section title="Liability">
        <p>
          {PRODUCT_NAME} is not responsible for exam results or for decisions made on the basis of its content. Your use of the
          content is at your own discretion.
        </p>
      </Section>
      <GoverningLaw />
    </>
  );
}

const CONTENT: Record<PolicyPath, () => ReactNode> = {
  '/privacy-policy': Privacy,
  '/terms-of-service': Terms,
  '/refund-policy': Refund,
  '/disclaimer': Disclaimer,
};

export function PolicyContent({ path }: { path: PolicyPath }) {
  const Content = CONTENT[path];
  return <Content />;
}
