// The employer's HR staff logins: the same endpoint as the dealer's staff (the path says whose).
export { GET, POST, PUT, PATCH, DELETE, OPTIONS } from '@/app/api/console/dealers/[id]/users/route';
