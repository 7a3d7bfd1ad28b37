// The "could not load" page that index.html shows when the web app's script fails to load before the
// app starts (no JavaScript runs then, so the server writes the text into index.html in the visitor's
// language; spa.ts). Every supported locale has its own text.
import type { LocaleTag } from '@portal/contract/data/locales';

export interface BootFallbackMessages {
  title: string;
  message: string;
  reload: string;
}

export const BOOT_FALLBACK_MESSAGES: Readonly<Record<LocaleTag, BootFallbackMessages>> = {
  'en-US': {
    title: 'The page could not be loaded',
    message: 'Check your connection, then reload the page.',
    reload: 'Reload the page',
  },
  'es-MX': {
    title: 'No se pudo cargar la página',
    message: 'Revisa tu conexión y vuelve a cargar la página.',
    reload: 'Volver a cargar la página',
  },
  'pt-BR': {
    title: 'Não foi possível carregar a página',
    message: 'Verifique sua conexão e recarregue a página.',
    reload: 'Recarregar a página',
  },
  'fr-FR': {
    title: 'Impossible de charger la page',
    message: 'Vérifiez votre connexion, puis rechargez la page.',
    reload: 'Recharger la page',
  },
  'de-DE': {
    title: 'Die Seite konnte nicht geladen werden',
    message: 'Prüfe deine Verbindung und lade die Seite dann neu.',
    reload: 'Seite neu laden',
  },
  'it-IT': {
    title: 'Impossibile caricare la pagina',
    message: 'Controlla la connessione, poi ricarica la pagina.',
    reload: 'Ricarica la pagina',
  },
  'es-ES': {
    title: 'No se ha podido cargar la página',
    message: 'Comprueba tu conexión y vuelve a cargar la página.',
    reload: 'Volver a cargar la página',
  },
  'pl-PL': {
    title: 'Nie udało się wczytać strony',
    message: 'Sprawdź połączenie, a następnie odśwież stronę.',
    reload: 'Odśwież stronę',
  },
  'ru-RU': {
    title: 'Не удалось загрузить страницу',
    message: 'Проверьте подключение и перезагрузите страницу.',
    reload: 'Перезагрузить страницу',
  },
  'da-DK': {
    title: 'Siden kunne ikke indlæses',
    message: 'Tjek din forbindelse, og genindlæs derefter siden.',
    reload: 'Genindlæs siden',
  },
  'tr-TR': {
    title: 'Sayfa yüklenemedi',
    message: 'Bağlantınızı kontrol edin, ardından sayfayı yeniden yükleyin.',
    reload: 'Sayfayı yeniden yükle',
  },
  'sv-SE': {
    title: 'Sidan kunde inte läsas in',
    message: 'Kontrollera din anslutning och läs sedan in sidan igen.',
    reload: 'Läs in sidan igen',
  },
  'no-NO': {
    title: 'Siden kunne ikke lastes inn',
    message: 'Sjekk tilkoblingen din, og last deretter inn siden på nytt.',
    reload: 'Last inn siden på nytt',
  },
  'fi-FI': {
    title: 'Sivua ei voitu ladata',
    message: 'Tarkista yhteytesi ja lataa sivu sitten uudelleen.',
    reload: 'Lataa sivu uudelleen',
  },
  'ja-JP': {
    title: 'ページを読み込めませんでした',
    message: '接続を確認してから、ページを再読み込みしてください。',
    reload: 'ページを再読み込み',
  },
  'zh-TW': {
    title: '無法載入頁面',
    message: '請檢查網路連線，然後重新載入頁面。',
    reload: '重新載入頁面',
  },
  'zh-CN': {
    title: '无法加载页面',
    message: '请检查网络连接，然后重新加载页面。',
    reload: '重新加载页面',
  },
  'ko-KR': {
    title: '페이지를 불러올 수 없습니다',
    message: '연결 상태를 확인한 후 페이지를 새로 고치세요.',
    reload: '페이지 새로 고침',
  },
  'ar-AE': {
    title: 'تعذّر تحميل الصفحة',
    message: 'تحقّق من اتصالك، ثم أعد تحميل الصفحة.',
    reload: 'إعادة تحميل الصفحة',
  },
};
