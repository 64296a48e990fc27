int zeta_core_placeholder;
