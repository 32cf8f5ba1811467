import { STATIC_PAGE_META } from '@shop/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { staticAssetUrl } from '../../lib/api';
import { useDocumentMeta } from '../lib/use-document-meta';
import { HeartIcon, ShopIcon, SunIcon } from '../ui/icons';
import './about.css';

const VALUES = [
  {
    icon: <SunIcon />,
    title: 'Small batches',
    text: 'We press, bottle and jar a little at a time, so what reaches you is always fresh.',
  },
  {
    icon: <HeartIcon />,
    title: 'Family recipes',
    text: 'Every spread and sauce follows a recipe written down by hand and tasted by three generations.',
  },
  {
    icon: <ShopIcon />,
    title: 'From the market stall',
    text: 'You can still meet us every weekend at the farmers’ markets, and taste before you buy.',
  },
];

export default function About() {
  useDocumentMeta(STATIC_PAGE_META.about, { path: '/site/about' });
  return (
    <div className="page about">
      <div className="about-grid">
        <div className="about-media">
          <img src={staticAssetUrl('about-us.webp')} alt="Our family at the bottega" className="about-img" />
        </div>
        <div className="about-copy">
          <span className="eyebrow">Our story</span>
          <h1 className="page-title">A family, a kitchen and a market stall</h1>
          <p>
            Bottega di Famiglia began the way most good Italian things do: around a kitchen table. Our grandmother
            cooked for whoever came through the door, and there was always a bottle of green, peppery olive oil on the
            table and a jar of something wonderful to spread on warm bread.
          </p>
          <p>
            When we moved, we brought her recipes with us. Friends started asking for a jar to take home, then
            neighbours, then strangers at the farmers’ market, where we set up a folding table and never looked back.
            Today the whole family still takes part: one of us presses and bottles, one ages the balsamic, one cooks the
            bruschetta spreads, and the youngest packs your orders.
          </p>
          <p>
            We keep things simple. Good ingredients, no shortcuts, and food made the way it was made for us. We hope a
            little of our family table ends up on yours.
          </p>
          <p className="about-signature">— La famiglia</p>
          <div className="about-buttons">
            <ButtonLink to="/site/shop" variant="primary" size="large">
              Visit the shop
            </ButtonLink>
            <ButtonLink to="/site/contact" size="large">
              Write to us
            </ButtonLink>
          </div>
        </div>
      </div>

      <section className="section about-values">
        {VALUES.map((value) => (
          <div key={value.title} className="about-value">
            <span className="about-value-icon">{value.icon}</span>
            <h2>{value.title}</h2>
            <p>{value.text}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
