import { useQueries } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { gameConfigQuery } from '../../flows/game-config-query.ts';

/** Cards of the featured games of the public settings, each read with GET /games/{slug}. */
export function FeaturedGames() {
  const { t, i18n } = useTranslation();
  const { api, settings } = useServices();
  const games = useQueries({
    queries: settings.featured_games.map((slug) => gameConfigQuery(api, slug)),
  });
  if (settings.featured_games.length === 0) return null;
  return (
    <section aria-labelledby="featured-title" className="featured">
      <h2 id="featured-title">{t('home.featuredTitle')}</h2>
      <ul className="game-cards">
        {games.map((query, index) => {
          const game = query.data;
          return (
            <li key={settings.featured_games[index]} className="game-card" aria-busy={query.isPending}>
              {game ? (
                <>
                  <img src={game.user_experience.assets.card ?? ''} alt="" width="300" height="400" loading="lazy" />
                  <div className="game-card-text">
                    <h3>{game.user_experience.display_name.resolve(i18n.language)}</h3>
                    {game.user_experience.welcome_message ? (
                      <p>{game.user_experience.welcome_message.resolve(i18n.language)}</p>
                    ) : null}
                  </div>
                </>
              ) : (
                <span className="skeleton-row" />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
