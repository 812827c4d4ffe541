package dev.example.billing;

import com.stripe.Stripe;

/** Charges a customer's card once per invoice. */
public final class BillingApp {

    public static void main(String[] args) {
        Stripe.apiKey = System.getenv("STRIPE_KEY");
        System.out.println("billing ready");
    }
}
