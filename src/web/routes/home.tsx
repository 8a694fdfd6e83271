import { ArrowRight } from "lucide-react";
import { lazy, Suspense } from "react";
import { STORE } from "../../shared/store-info.ts";
import { SHELL_TEXTS } from "../app/layout/shell-texts.ts";
import { ButtonLink } from "../components/ui/button.tsx";
import { SectionHeading } from "../components/ui/section-heading.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { WhenVisible } from "../components/when-visible.tsx";
import { useCartForCards } from "../features/cart/use-cart-for-cards.ts";
import { CategoryGrid } from "../features/catalogue/components/category-grid.tsx";
import { FeaturedProducts } from "../features/catalogue/components/featured-products.tsx";
import { Hero } from "../features/home/components/hero.tsx";
import { WelcomeModal } from "../features/home/components/welcome-modal.tsx";
import { WhyChoose } from "../features/home/components/why-choose.tsx";
import { cn } from "../lib/cn.ts";
import { useLingui } from "../lib/i18n/react-binding.tsx";
import { loadPageTexts } from "../lib/i18n/shop-i18n.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

// The form and its validation code load only when a visitor scrolls down to it, and its words
// with it: named here, they are the form's own texts, not the page's (scripts/page-texts.ts).
const FeedbackForm = lazy(() =>
  Promise.all([
    import("../features/feedback/components/feedback-form.tsx"),
    loadPageTexts(["features/feedback/components/feedback-form"]),
  ]).then(([form]) => form),
);

function FormLoading() {
  const { i18n } = useLingui();
  return (
    <div className="flex justify-center py-16">
      <Spinner label={i18n._("Loading the feedback form")} />
    </div>
  );
}

const SECTION = "mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20";
/**
 * Below the hero, out of a phone's first screen: laid out and painted only as it scrolls near,
 * with the height it measures at that width until then. Drawing these sections at load was about
 * a third of the blocking time Lighthouse's phone measured on this page.
 */
const LATER = "[content-visibility:auto]";

/** The featured cards with the cart: only this part of the page is drawn again as it changes. */
function FeaturedWithCart() {
  return <FeaturedProducts cart={useCartForCards()} />;
}

export default function HomePage() {
  const { i18n } = useLingui();
  usePageTitle(null);
  return (
    <>
      <WelcomeModal />
      <Hero />
      <section
        aria-labelledby="categories-title"
        className={cn(
          SECTION,
          LATER,
          "[contain-intrinsic-size:auto_1380px] lg:[contain-intrinsic-size:auto_500px]",
        )}
      >
        <SectionHeading
          id="categories-title"
          eyebrow={i18n._("Browse")}
          title={i18n._("Our Categories")}
        >
          {i18n._("Everything grows within a short drive of Bhubaneswar.")}
        </SectionHeading>
        <CategoryGrid />
      </section>
      <section
        aria-labelledby="featured-title"
        className={cn(
          "bg-cream-200/60",
          LATER,
          "[contain-intrinsic-size:auto_4570px] lg:[contain-intrinsic-size:auto_1630px]",
        )}
      >
        <div className={SECTION}>
          <SectionHeading
            id="featured-title"
            eyebrow={i18n._("Picked today")}
            title={i18n._("Featured Products")}
          >
            {i18n._("Our farmers' favourites this week.")}
          </SectionHeading>
          <FeaturedWithCart />
          <div className="mt-10 text-center">
            <ButtonLink to="/shop" variant="outline">
              {i18n._("View all products")} <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </ButtonLink>
          </div>
        </div>
      </section>
      <section
        aria-labelledby="why-title"
        className={cn(
          SECTION,
          LATER,
          "[contain-intrinsic-size:auto_1040px] lg:[contain-intrinsic-size:auto_520px]",
        )}
      >
        <SectionHeading
          id="why-title"
          eyebrow={i18n._("Our promise")}
          title={i18n._("Why Choose {store}", { store: STORE.name })}
        />
        <WhyChoose />
      </section>
      <section
        aria-labelledby="banner-title"
        className={cn("px-4 sm:px-6", LATER, "[contain-intrinsic-size:auto_300px]")}
      >
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 rounded-3xl bg-brand-700 px-6 py-14 text-center text-white sm:px-12">
          <h2 id="banner-title" className="font-display text-3xl font-bold sm:text-4xl">
            {i18n._("Ready for fresher meals?")}
          </h2>
          <p className="max-w-xl text-brand-100">
            {i18n._("Fill your basket with seasonal produce and get it delivered within the hour.")}
          </p>
          <ButtonLink to="/shop" variant="accent" size="lg">
            {i18n._(SHELL_TEXTS.shopNow)}
          </ButtonLink>
        </div>
      </section>
      <section aria-labelledby="feedback-title" className={SECTION}>
        <div className="mx-auto max-w-2xl rounded-3xl bg-white p-6 shadow-card sm:p-10">
          <SectionHeading
            id="feedback-title"
            eyebrow={i18n._("We are listening")}
            title={i18n._("Share Your Feedback")}
          >
            {i18n._("Tell us how we are doing. Every message reaches our team.")}
          </SectionHeading>
          <WhenVisible fallback={<FormLoading />}>
            <Suspense fallback={<FormLoading />}>
              <FeedbackForm />
            </Suspense>
          </WhenVisible>
        </div>
      </section>
    </>
  );
}
