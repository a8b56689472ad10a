import { redirect } from 'next/navigation';

// The console opens on the operator's own work: the decision queue ("Ihre Entscheidung"). The
// rejected offers' overview with its chart is /console/rejected.
export default function ConsoleHome() {
  redirect('/console/queues/decision');
}
