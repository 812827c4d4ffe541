/** Agent profiles for one caller: {@link dev.colony.core.internal.profile.ProfileService}. */
package dev.colony.core.internal.profile;
