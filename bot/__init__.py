"""Discord adapter, console adapter, table service, store, config, i18n."""
