import express from 'express';
import Stripe from 'stripe';

const stripe = new Stripe(process.env.STRIPE_KEY ?? '');
const app = express();

export function verifyWebhookSignature(payload: string, header: string, secret: string) {
  return stripe.webhooks.constructEvent(payload, header, secret);
}

app.post('/webhook', express.raw({ type: 'application/json' }), (req, res) => {
  const event = verifyWebhookSignature(req.body, String(req.headers['stripe-signature']), process.env.WH_SECRET ?? '');
  res.json({ received: event.type });
});

app.listen(4242);
