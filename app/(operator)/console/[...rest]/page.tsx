import { notFound } from 'next/navigation';

// Any other console address: the console's own "not found" page, inside its shell.
export default function UnknownConsolePage() {
  notFound();
}
