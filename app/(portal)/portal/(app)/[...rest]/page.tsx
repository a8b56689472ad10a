import { notFound } from 'next/navigation';

// Any other portal address: the portal's own "not found" page, inside its shell.
export default function UnknownPortalPage() {
  notFound();
}
