/** Agent profiles for one caller: {@link dev.colony.core.profile.ProfileService}. */
package dev.colony.core.profile;
